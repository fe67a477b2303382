import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestReport } from './request-report.js';
import { sendWhole, ServiceResponse } from './service-response.js';

const STANDARD = ['X-Request-Id', 'req-1', 'Cache-Control', 'no-store', 'X-Frame-Options', 'DENY'];

/** Each path answers one way a door may: whole, or through setHeader and an implicit head. */
const answers: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/whole': (_req, res) => sendWhole(res, 201, ['Content-Type', 'application/json'], '{"id":1}'),
  '/whole-overriding': (_req, res) => sendWhole(res, 200, ['cache-control', 'max-age=60'], '[]'),
  '/set-then-whole': (_req, res) => {
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Vary', 'Origin');
    sendWhole(res, 200, ['Content-Type', 'text/plain'], 'ok');
  },
  '/implicit': (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.statusCode = 404;
    res.end('gone');
  },
  '/charged': (req, res) => {
    requestReport(req).rateLimit = { limit: 100, remaining: 99, resetSeconds: 30, windowSeconds: 60 };
    sendWhole(res, 200, [], 'ok');
  },
};

describe('ServiceResponse', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer({ ServerResponse: ServiceResponse as typeof ServerResponse }, (req, res) => {
      (res as ServiceResponse).standardHeaders = STANDARD;
      answers[req.url ?? '']?.(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The answer's status, body and raw header lines, repeats kept, names lower-cased. */
  const get = (path: string): Promise<{ status: number; body: string; headers: Array<[string, string]> }> =>
    new Promise((resolve, reject) => {
      request({ port, path, host: '127.0.0.1' }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const headers: Array<[string, string]> = [];
          for (let index = 0; index < res.rawHeaders.length; index += 2) {
            headers.push([(res.rawHeaders[index] as string).toLowerCase(), res.rawHeaders[index + 1] as string]);
          }
          resolve({ status: res.statusCode ?? 0, body, headers });
        });
      })
        .on('error', reject)
        .end();
    });
  const valuesOf = (headers: Array<[string, string]>, name: string): string[] => headers.filter(([key]) => key === name).map(([, value]) => value);

  it('adds the standard headers to an answer sent whole, with its own and a Content-Length', async () => {
    const answer = await get('/whole');
    expect(answer.status).toBe(201);
    expect(answer.body).toBe('{"id":1}');
    expect(valuesOf(answer.headers, 'x-request-id')).toEqual(['req-1']);
    expect(valuesOf(answer.headers, 'cache-control')).toEqual(['no-store']);
    expect(valuesOf(answer.headers, 'content-type')).toEqual(['application/json']);
    expect(valuesOf(answer.headers, 'content-length')).toEqual(['8']);
  });

  it("keeps a door's own value of a standard header, given whole or set before, and sends it once", async () => {
    expect(valuesOf((await get('/whole-overriding')).headers, 'cache-control')).toEqual(['max-age=60']);
    const setBefore = await get('/set-then-whole');
    expect(valuesOf(setBefore.headers, 'x-frame-options')).toEqual(['SAMEORIGIN']);
    expect(valuesOf(setBefore.headers, 'vary')).toEqual(['Origin']);
    expect(valuesOf(setBefore.headers, 'x-request-id')).toEqual(['req-1']);
  });

  it('adds them to an answer whose head Node writes on its own, under the same rule', async () => {
    const answer = await get('/implicit');
    expect(answer.status).toBe(404);
    expect(valuesOf(answer.headers, 'cache-control')).toEqual(['no-cache']);
    expect(valuesOf(answer.headers, 'x-frame-options')).toEqual(['DENY']);
  });

  it("adds the caller's RateLimit standing once the request was charged", async () => {
    const answer = await get('/charged');
    expect(valuesOf(answer.headers, 'ratelimit')).toEqual(['"per-key";r=99;t=30']);
    expect(valuesOf(answer.headers, 'ratelimit-remaining')).toEqual(['99']);
    expect(valuesOf((await get('/whole')).headers, 'ratelimit')).toEqual([]);
  });
});
