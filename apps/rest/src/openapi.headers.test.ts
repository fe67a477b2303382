import { call, type JsonResponse } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, doc } from './testing/document-schemas.js';
import { startRest, type TestRest } from './testing/start-rest.js';

type Json = Record<string, unknown>;
const PUBLIC_BASE_URL = 'https://pets.example';

/** The headers the document declares for one answer of an operation, by lower-case name, with whether each is required. */
function declared(path: string, method: string, status: number): Map<string, boolean> {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  if (!response) throw new Error(`${method} ${path} does not document ${status}`);
  const headers = deref<{ headers?: Record<string, unknown> }>(response).headers ?? {};
  return new Map(Object.entries(headers).map(([name, header]) => [name.toLowerCase(), deref<{ required?: boolean }>(header).required === true]));
}

/** Every header the document declares anywhere: the API's own, as against transport and security headers sent on every answer. */
const API_HEADERS = new Set(
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      Object.keys(operation.responses).flatMap((status) => [...declared(path, method, Number(status)).keys()]),
    ),
  ),
);

/** What an answer carries that its declaration leaves out, and what it declares required but did not carry. */
function disagreements(path: string, method: string, answer: JsonResponse): string[] {
  const expected = declared(path, method, answer.status);
  const carried = [...answer.headers.keys()].filter((name) => API_HEADERS.has(name));
  return [
    ...carried.filter((name) => !expected.has(name)).map((name) => `carries ${name}, undeclared`),
    ...[...expected].filter(([name, required]) => required && answer.headers.get(name) === null).map(([name]) => `lacks required ${name}`),
  ];
}

describe('every answer of /v1 declares the headers it carries', () => {
  let door: TestRest;
  let limited: TestRest;
  beforeAll(async () => {
    door = await startRest({ mongodbUri: null, env: { PETSTORE_RATE_LIMIT: '1000', PUBLIC_BASE_URL } });
    limited = await startRest({ mongodbUri: null, env: { PETSTORE_RATE_LIMIT: '1' } });
  });
  afterAll(async () => {
    await Promise.all([door.close(), limited.close()]);
  });

  it('RateLimit after the key check, Location, the next-page Link, WWW-Authenticate, Retry-After, and getPet Deprecation, Sunset and Link', async () => {
    const key = door.apiKey;
    const created = await call<Json>(door.baseUrl, '/v1/pets', { method: 'POST', key, body: { name: 'Rex', categoryId: 1 } });
    await call(door.baseUrl, '/v1/pets', { method: 'POST', key, body: { name: 'Ida', categoryId: 1 } });
    await call(limited.baseUrl, '/v1/pets', { key: limited.apiKey });
    const answers: Array<[string, string, JsonResponse]> = [
      ['/pets', 'post', created],
      ['/pets', 'get', await call(door.baseUrl, '/v1/pets?limit=1', { key })],
      ['/pets', 'get', await call(door.baseUrl, '/v1/pets')],
      ['/pets', 'get', await call(limited.baseUrl, '/v1/pets', { key: limited.apiKey })],
      ['/pets/{petId}', 'get', await call(door.baseUrl, `/v1/pets/${String(created.body['id'])}`, { key })],
      ['/pets/{petId}', 'get', await call(door.baseUrl, '/v1/pets/ten', { key })],
      ['/pets/{petId}', 'get', await call(door.baseUrl, '/v1/pets/424242', { key })],
      ['/pets/{petId}', 'get', await call(door.baseUrl, '/v1/pets/1')],
    ];
    expect(answers.map(([, , answer]) => answer.status)).toEqual([201, 200, 401, 429, 200, 400, 404, 401]);
    for (const [path, method, answer] of answers) expect(disagreements(path, method, answer), `${method} ${path} ${answer.status}`).toEqual([]);
    expect(answers[1]?.[2].headers.get('link')).toMatch(/rel="next"$/);
    expect(answers[3]?.[2].headers.get('retry-after')).toMatch(/^\d+$/);
    // Absolute, under PUBLIC_BASE_URL, as the Location header's description says.
    expect(created.headers.get('location')).toBe(`${PUBLIC_BASE_URL}/v1/pets/${String(created.body['id'])}`);
  });
});
