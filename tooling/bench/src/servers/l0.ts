#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { connectD0Client, seededPets } from '../d0-client.js';
import { buildL0 } from '../l0-app.js';
import { accessLogger, budgetFrom, leanEnvelope } from '../lean-envelope.js';
import { MongoShelf } from '../mongo-shelf.js';
import { PetShelf, type Shelf } from '../pet-shelf.js';
import { closeServer, listenOnLoopback, serveUntilStopped } from './ipc.js';

/**
 * Reference L0 (l0-app.ts) on node:http, with a key of its own and the bench's budget; its pets in
 * memory, or on MongoDB when the bench gives it a database (BENCH_DB), through the driver with the
 * client options BENCH_CLIENT_OPTIONS says, as D0's.
 */
const apiKey = `psk_${randomBytes(32).toString('base64url')}`;
const database = process.env['BENCH_DB'] ? await connectD0Client(process.env) : undefined;
const shelf: Shelf = database ? await MongoShelf.open(await seededPets(database)) : new PetShelf();
const handle = buildL0(leanEnvelope({ apiKey, budget: budgetFrom(process.env), logger: accessLogger() }), shelf).callback();
const server = createServer((req, res) => void handle(req, res));

serveUntilStopped({ type: 'ready', port: await listenOnLoopback(server), apiKey }, async () => {
  await closeServer(server);
  await database?.client.close();
});
