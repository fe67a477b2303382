import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type TestRest } from './testing/start-rest.js';

/** node:http, because fetch refuses to send TRACE and CONNECT at all. */
const send = (baseUrl: string, method: string, path: string, key: string) =>
  new Promise<{ status: number; allow: string | undefined; body: unknown }>((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${key}` } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text === '' ? undefined : JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });

// Found by Schemathesis's unsupported_method check: the router answered 501 Not Implemented for
// methods it does not list, which says the server knows them for no resource at all.
describe('methods a REST resource does not have', () => {
  let door: TestRest;
  beforeAll(async () => {
    door = await startRest({ mongodbUri: null });
  });
  afterAll(async () => {
    await door.close();
  });

  it.each([
    ['TRACE', '/v1/pets', /GET.*POST|POST.*GET/],
    ['TRACE', '/v1/pets/1', /GET/],
    ['QUERY', '/v1/pets/1', /GET/],
    ['PURGE', '/v1/pets', /GET/],
    ['PATCH', '/v1/openapi.json', /GET/],
    ['TRACE', '/docs', /GET/],
  ])('answers %s %s with 405, an Allow header and an Error body', async (method, path, allow) => {
    const response = await send(door.baseUrl, method, path, door.apiKey);
    expect(response.status).toBe(405);
    expect(response.allow).toMatch(allow);
    expect(response.body).toEqual({ code: 'method_not_allowed', message: expect.any(String), status: 405 });
  });
});
