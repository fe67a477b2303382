import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Exchange } from './exchange.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Answers one request through an exchange that `answer` is given, and returns what the client got. */
async function answered(answer: (exchange: Exchange) => void): Promise<Response> {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const exchange = new Exchange(req, res, {
      requestId: 'r-1',
      clientAddress: undefined,
      trace: undefined,
      standardHeaders: ['X-Request-Id', 'r-1', 'Cache-Control', 'no-store', 'Vary', 'Origin'],
      draining: () => false,
    });
    answer(exchange);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

describe('Exchange', () => {
  it('sends the headers staged before the answer with its own, each winning over a standard header of its name', async () => {
    const response = await answered((exchange) => {
      exchange.stageHeader('Cache-Control', 'no-cache');
      exchange.stageHeader('Deprecation', '@1');
      exchange.send(200, ['Content-Type', 'text/plain', 'Vary', 'Accept'], 'hello');
    });
    expect(await response.text()).toBe('hello');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('deprecation')).toBe('@1');
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.headers.get('vary')).toBe('Accept, Origin');
  });

  it('shows the standing it was charged with, and changes its state only through its verbs', async () => {
    const standing = { allowed: true, limit: 10, remaining: 7, resetSeconds: 30, windowSeconds: 60 };
    const seen: unknown[] = [];
    const response = await answered((exchange) => {
      exchange.authenticated({ accountId: 'a', keyId: 'k', scopes: [], rateLimit: null, lineageId: 'k', kind: 'secret' });
      exchange.charged(standing);
      exchange.routed('/v1/pets');
      exchange.operation('rest', 'getPet', { deprecated: true });
      exchange.refused('gone');
      seen.push(exchange.keyId, exchange.route, exchange.door, exchange.deprecatedCalls, exchange.errorCode);
      exchange.send(410, []);
      seen.push(exchange.answered);
    });
    expect(response.status).toBe(410);
    expect(response.headers.get('ratelimit-remaining')).toBe('7');
    expect(seen).toEqual(['k', '/v1/pets', 'rest', 1, 'gone', 410]);
  });
});
