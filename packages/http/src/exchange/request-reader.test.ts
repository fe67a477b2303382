import { createServer, request, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toHttpProblem } from '../problem.js';
import { Exchange } from './exchange.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

interface Sent {
  method?: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string;
}

/**
 * Sends one request as written (raw path, headers as given) to a server that makes its exchange,
 * and answers what `read` made of it as JSON, or the refusal it threw as `{ refused: status }`.
 */
async function readOf(sent: Sent, read: (exchange: Exchange) => unknown): Promise<unknown> {
  server = createServer((req, res) => {
    const exchange = new Exchange(req, res, {
      requestId: 'r-1',
      clientAddress: undefined,
      trace: undefined,
      standardHeaders: [],
      draining: () => false,
      bodyLimits: { maxBytes: 64, timeoutMs: 5_000 },
    });
    Promise.resolve()
      .then(() => read(exchange))
      .then(
        (value) => exchange.send(200, ['Content-Type', 'application/json'], JSON.stringify(value ?? null)),
        (error: unknown) => exchange.send(200, ['Content-Type', 'application/json'], JSON.stringify({ refused: toHttpProblem(error).body.status })),
      );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: sent.method ?? 'GET', path: sent.path, headers: sent.headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

describe('the exchange as the reader of its request', () => {
  it('reads the method, and the path as sent (still percent-encoded), without its query', async () => {
    expect(await readOf({ method: 'POST', path: '/trpc/pets%2Elist?batch=1' }, (exchange) => [exchange.method, exchange.path])).toEqual([
      'POST',
      '/trpc/pets%2Elist',
    ]);
  });

  it('parses the query once, however often it is asked for, keeping every value of a repeated name', async () => {
    const read = await readOf({ path: '/v1/pets?limit=5&status=sold&limit=6' }, (exchange) => [
      exchange.query(),
      exchange.query() === exchange.query(),
    ]);
    expect(read).toEqual([{ limit: ['5', '6'], status: 'sold' }, true]);
  });

  it('reads a header by its lower-case name, and none as undefined', async () => {
    const read = await readOf({ path: '/', headers: { 'X-Thing': 'one', Accept: 'text/html' } }, (exchange) => [
      exchange.header('x-thing'),
      exchange.header('accept'),
      exchange.header('authorization') ?? 'none',
    ]);
    expect(read).toEqual(['one', 'text/html', 'none']);
  });

  it('visits every header with its value', async () => {
    const read = await readOf({ path: '/', headers: { 'X-Thing': 'one' } }, (exchange) => {
      const seen: Record<string, string> = {};
      exchange.eachHeader((name, value) => (seen[name] = value));
      return seen;
    });
    expect(read).toMatchObject({ 'x-thing': 'one', host: expect.any(String) });
  });

  it('reads a cookie by its exact name: the first of that name, trimmed, and not one whose name only ends like it', async () => {
    const cookie = 'x__Host-petstore_session=abc; theme = dark ; petstore_session=def; petstore_session=ghi; novalue; empty=';
    const read = await readOf({ path: '/', headers: { Cookie: cookie } }, (exchange) =>
      ['petstore_session', '__Host-petstore_session', 'theme', 'novalue', 'empty'].map((name) => exchange.cookie(name) ?? null),
    );
    expect(read).toEqual(['def', null, 'dark', null, '']);
  });

  it('has no cookies, parameters or body for a request that sends none', async () => {
    const read = await readOf({ path: '/' }, (exchange) => [exchange.cookie('a') ?? null, exchange.param('petId') ?? null, exchange.hasBody]);
    expect(read).toEqual([null, null, false]);
  });

  it("gives the route's parameters once the router matched it", async () => {
    const read = await readOf({ path: '/v1/pets/7' }, (exchange) => {
      exchange.matched({ petId: '7' });
      return exchange.param('petId');
    });
    expect(read).toBe('7');
  });

  it('reads the JSON body once: asked for again, the same reading, not a second read of the stream', async () => {
    const json = { headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"id":9007199254740993}' };
    const read = await readOf({ method: 'POST', path: '/', ...json }, async (exchange) => [
      exchange.hasBody,
      exchange.mediaType,
      await exchange.text(),
      String(((await exchange.json()) as { id: unknown }).id),
    ]);
    expect(read).toEqual([true, 'application/json', '{"id":9007199254740993}', '9007199254740993']);
  });

  it('reads the body under the one size limit and media-type rule', async () => {
    const post = (headers: OutgoingHttpHeaders, body: string) => readOf({ method: 'POST', path: '/', headers, body }, (exchange) => exchange.json());
    expect(await post({ 'Content-Type': 'application/json' }, JSON.stringify({ text: 'x'.repeat(100) }))).toEqual({ refused: 413 });
    expect(await post({ 'Content-Type': 'application/merge-patch+json' }, '{}')).toEqual({ refused: 415 });
    expect(await post({ 'Content-Type': 'application/json' }, '{')).toEqual({ refused: 400 });
  });
});
