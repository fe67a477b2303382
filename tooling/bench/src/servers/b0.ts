#!/usr/bin/env node
import { createServer } from 'node:http';
import { listBody } from '../pets.js';
import { closeServer, listenOnLoopback, serveUntilStopped } from './ipc.js';

/**
 * Baseline B0: node:http answering a precomputed JSON array of the same 20 pets the doors list.
 * No routing, no key check, no store: the most any door could reach on this machine.
 */
const body = listBody();

const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});

serveUntilStopped({ type: 'ready', port: await listenOnLoopback(server) }, () => closeServer(server));
