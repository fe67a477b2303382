#!/usr/bin/env node
import { createServer } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { listBody } from '../pets.js';
import { closeServer, listenOnLoopback, serveUntilStopped } from './ipc.js';

/**
 * Baseline K0: bare Koa + @koa/router answering B0's precomputed JSON of 20 pets on the REST
 * list's path. No key check, no store, no middleware of ours: what the framework itself costs,
 * the most a door built on it could reach.
 */
const body = listBody();

const router = new Router();
router.get('/v1/pets', (ctx) => {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
const handle = app.callback();
// Koa answers every failure itself, so the promise its callback returns never rejects.
const server = createServer((req, res) => void handle(req, res));

serveUntilStopped({ type: 'ready', port: await listenOnLoopback(server) }, () => closeServer(server));
