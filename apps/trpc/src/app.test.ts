import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';

describe('mountTrpc', () => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor();
  });
  afterAll(() => door.close());

  it('leaves paths outside /trpc/ to the rest of the app', async () => {
    const health = await fetch(`${door.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    for (const path of ['/trpcx/pets.list', '/v1/pets']) {
      const response = await fetch(`${door.baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', status: 404 });
    }
  });

  it('checks the key before anything else under /trpc, so that no procedure name can be probed without one', async () => {
    for (const [method, path] of [
      ['GET', '/trpc'],
      ['GET', '/trpc/pets.delete'],
      ['GET', '/trpc/pets.create'],
      ['DELETE', '/trpc/pets.list'],
      ['GET', `/trpc/${Array.from({ length: 11 }, () => 'pets.list').join(',')}?batch=1`],
    ] as const) {
      const response = await fetch(`${door.baseUrl}${path}`, { method });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
    }
  });

  it('reads a percent-encoded procedure path as tRPC does, never reporting it as a key problem', async () => {
    const response = await fetch(`${door.baseUrl}/trpc/pets%2Elist`, { headers: { Authorization: `Bearer ${door.apiKey}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { data: [] } });
  });

  it('answers NOT_FOUND for a procedure that does not exist under /trpc/', async () => {
    const response = await fetch(`${door.baseUrl}/trpc/pets.delete`, { headers: { Authorization: `Bearer ${door.apiKey}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND', path: 'pets.delete' } } });
  });

  it.each([
    ['an unknown procedure', 'GET', '/trpc/pets.delete', {}, 404, 'not_found'],
    ['a mutation called with GET', 'GET', '/trpc/pets.create', {}, 405, 'method_not_allowed'],
    ['a body that is not JSON', 'POST', '/trpc/pets.create', { 'Content-Type': 'text/plain' }, 415, 'unsupported_media_type'],
  ])('gives %s the code REST would use in data.domainCode', async (_case, method, path, headers, status, domainCode) => {
    const response = await fetch(`${door.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${door.apiKey}`, ...headers },
      ...(method === 'POST' && { body: 'name=Rex' }),
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { data: { httpStatus: status, domainCode } } });
  });

  it('names the call at fault by its index in every item of a batch refused for one call, mixing query and mutation', async () => {
    const response = await fetch(`${door.baseUrl}/trpc/pets.list,pets.create?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`, {
      headers: { Authorization: `Bearer ${door.apiKey}` },
    });
    expect(response.status).toBe(405);
    const message = 'call 1 of the batch: "pets.create" is a mutation: call it with POST; no call of the batch ran';
    expect(await response.json()).toEqual([
      { error: expect.objectContaining({ message, data: expect.objectContaining({ path: 'pets.list', domainCode: 'method_not_allowed' }) }) },
      { error: expect.objectContaining({ message, data: expect.objectContaining({ path: 'pets.create', domainCode: 'method_not_allowed' }) }) },
    ]);
  });

  it('checks the key once for a whole batch and answers each call of it, with WWW-Authenticate', async () => {
    const response = await fetch(`${door.baseUrl}/trpc/pets.list,pets.page?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
    expect(await response.json()).toEqual([
      { error: expect.objectContaining({ data: expect.objectContaining({ path: 'pets.list', domainCode: 'unauthorized', httpStatus: 401 }) }) },
      { error: expect.objectContaining({ data: expect.objectContaining({ path: 'pets.page', domainCode: 'unauthorized', httpStatus: 401 }) }) },
    ]);
  });
});
