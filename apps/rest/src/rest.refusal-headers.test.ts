import { call, type JsonResponse } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, doc } from './testing/document-schemas.js';
import { startRest, type TestRest } from './testing/start-rest.js';

const RATE_LIMIT_HEADERS = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** The headers the document declares for one answer of an operation. */
function declaredHeaders(path: string, method: string, status: number): string[] {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  if (!response) throw new Error(`${method} ${path} does not document ${status}`);
  return Object.keys(deref<{ headers?: Record<string, unknown> }>(response).headers ?? {});
}

/** The RateLimit headers an answer carried that the document does not declare for its status. */
function undeclared(path: string, method: string, answer: JsonResponse): string[] {
  const declared = declaredHeaders(path, method, answer.status);
  return RATE_LIMIT_HEADERS.filter((name) => answer.headers.get(name) !== null && !declared.includes(name));
}

describe('the RateLimit headers of a key with a rate limit, on refusals', () => {
  let door: TestRest;
  beforeAll(async () => {
    door = await startRest({ mongodbUri: null, env: { PETSTORE_RATE_LIMIT: '1000', PETSTORE_MAX_BODY_BYTES: '1024' } });
  });
  afterAll(async () => {
    await door.close();
  });

  it('are sent on every answer after the key check and declared by the document for each', async () => {
    const key = door.apiKey;
    const create = (init: Parameters<typeof call>[2]) => call(door.baseUrl, '/v1/pets', { method: 'POST', key, ...init });
    const answers: Array<[string, string, JsonResponse]> = [
      ['/pets', 'post', await create({ body: { name: '' } })],
      ['/pets', 'post', await create({ rawBody: 'name=Rex', headers: { 'Content-Type': 'text/plain' } })],
      [
        '/pets',
        'post',
        await create({ rawBody: JSON.stringify({ name: 'x'.repeat(2000), categoryId: 1 }), headers: { 'Content-Type': 'application/json' } }),
      ],
      ['/pets', 'post', await create({ body: { name: 'Rex', categoryId: 1 }, headers: { 'Idempotency-Key': 'refusal-headers' } })],
      ['/pets', 'post', await create({ body: { name: 'Ida', categoryId: 1 }, headers: { 'Idempotency-Key': 'refusal-headers' } })],
      ['/pets', 'get', await call(door.baseUrl, '/v1/pets?limit=0', { key })],
      ['/pets/{petId}', 'get', await call(door.baseUrl, '/v1/pets/424242', { key })],
    ];
    expect(answers.map(([, , answer]) => answer.status)).toEqual([400, 415, 413, 201, 409, 400, 404]);
    for (const [path, method, answer] of answers) {
      expect(answer.headers.get('ratelimit-remaining'), `${method} ${path} ${answer.status}`).not.toBeNull();
      expect(undeclared(path, method, answer), `${method} ${path} ${answer.status}`).toEqual([]);
    }
  });
});

describe('a categoryId written as a number in exponent form', () => {
  let door: TestRest;
  beforeAll(async () => {
    door = await startRest({ mongodbUri: null });
  });
  afterAll(async () => {
    await door.close();
  });

  it('is read exactly from its digits, however it is written', async () => {
    const created = await call(door.baseUrl, '/v1/pets', {
      method: 'POST',
      key: door.apiKey,
      rawBody: '{"name":"Rex","categoryId":1e18}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(created.status).toBe(201);
    expect(created.text).toContain('"categoryId":1000000000000000000');
  });

  it('past int64 is refused with what REST accepts, never told to send a string REST does not take', async () => {
    const refused = await call<{ message: string }>(door.baseUrl, '/v1/pets', {
      method: 'POST',
      key: door.apiKey,
      rawBody: '{"name":"Rex","categoryId":1e300}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: 'categoryId: must be an integer from -9223372036854775808 to 9223372036854775807',
    });
  });
});
