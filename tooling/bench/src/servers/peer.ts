#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { accessLogger, budgetFrom, leanEnvelope } from '../lean-envelope.js';
import { buildPeer } from '../peer/app.js';
import { PetShelf } from '../pet-shelf.js';
import { serveUntilStopped } from './ipc.js';

/** The peer stack (peer/app.ts) on loopback, with a key of its own and the bench's budget. */
const apiKey = `psk_${randomBytes(32).toString('base64url')}`;
const app = await buildPeer(leanEnvelope({ apiKey, budget: budgetFrom(process.env), logger: accessLogger() }), new PetShelf());
await app.listen({ port: 0, host: '127.0.0.1' });

serveUntilStopped({ type: 'ready', port: (app.server.address() as AddressInfo).port, apiKey }, () => app.close());
