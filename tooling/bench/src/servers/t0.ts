#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { buildT0 } from '../floors/t0-app.js';
import { accessLogger, budgetFrom, leanEnvelope } from '../lean-envelope.js';
import { PetShelf } from '../pet-shelf.js';
import { closeServer, listenOnLoopback, serveUntilStopped } from './ipc.js';

/** Reference T0 (floors/t0-app.ts) on node:http, with a key of its own and the bench's budget. */
const apiKey = `psk_${randomBytes(32).toString('base64url')}`;
const app = buildT0(leanEnvelope({ apiKey, budget: budgetFrom(process.env), logger: accessLogger() }), new PetShelf());
const handle = app.callback();
const server = createServer((req, res) => void handle(req, res));

serveUntilStopped({ type: 'ready', port: await listenOnLoopback(server), apiKey }, () => closeServer(server));
