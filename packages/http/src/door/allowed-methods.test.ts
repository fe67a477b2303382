import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseApp } from '../base-app.js';
import { createEnvelope } from '../envelope/envelope.js';
import { createHttpShell } from '../shell/http-shell.js';
import { PetstoreMetrics } from '../shell/metrics.js';
import { UsageMeter } from '@petstore/domain';

/** node:http, because fetch refuses to send TRACE. */
const send = (base: string, method: string, path: string) =>
  new Promise<{ status: number; allow: string | undefined; type: string | undefined; text: string }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, type: res.headers['content-type'], text }));
    });
    req.on('error', reject);
    req.end();
  });

describe('allowedMethods', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    const shell = createHttpShell({
      logger,
      metrics: new PetstoreMetrics({ processMetrics: false }),
      usage: new UsageMeter({ now: Date.now }),
      corsOrigins: [],
      https: false,
    });
    const app = createBaseApp({ shell });
    const envelope = createEnvelope({ authenticate: () => Promise.reject(new Error('no key is checked here')) });
    app.mount(
      { envelope, logger },
      {
        door: 'rest',
        prefix: '/things',
        routes: [
          { method: 'GET', template: '/', handlers: [(exchange) => exchange.send(200, ['Content-Type', 'text/plain'], 'things')] },
          { method: 'POST', template: '/', handlers: [(exchange) => exchange.send(201, [])] },
          { method: 'DELETE', template: '/:thingId', handlers: [(exchange) => exchange.send(204, [])] },
          { method: 'POST', template: '/special', handlers: [(exchange) => exchange.send(201, [])] },
        ],
        isPublic: () => true,
      },
    );
    server = createServer(app.listener());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a method the path lacks with 405, the methods it has in Allow, and the Error body', async () => {
    const answer = await send(base, 'TRACE', '/things');
    expect(answer).toMatchObject({ status: 405, allow: 'HEAD, GET, POST', type: 'application/json; charset=utf-8' });
    expect(JSON.parse(answer.text)).toEqual({ code: 'method_not_allowed', message: 'this method is not allowed on this resource', status: 405 });
  });

  it('answers OPTIONS with 200 and the methods in Allow', async () => {
    expect(await send(base, 'OPTIONS', '/things')).toMatchObject({ status: 200, allow: 'HEAD, GET, POST', text: '' });
  });

  it('lets the methods the path has through, and leaves a path it does not know to the 404', async () => {
    expect(await send(base, 'GET', '/things')).toMatchObject({ status: 200, text: 'things' });
    const unknown = await send(base, 'TRACE', '/things/else/more');
    expect(unknown).toMatchObject({ status: 404, allow: undefined });
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('never matches a literal path with a templated route: its own methods are all it has', async () => {
    expect(await send(base, 'OPTIONS', '/things/special')).toMatchObject({ status: 200, allow: 'POST' });
    expect(await send(base, 'DELETE', '/things/special')).toMatchObject({ status: 405, allow: 'POST' });
    expect(await send(base, 'OPTIONS', '/things/other')).toMatchObject({ status: 200, allow: 'DELETE' });
    expect(await send(base, 'DELETE', '/things/other')).toMatchObject({ status: 204 });
  });
});
