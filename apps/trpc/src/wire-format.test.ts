import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, fixedClock } from '@petstore/domain';
import { failingStore } from './testing/failing-store.js';
import { startTrpcDoor, type RunningTrpcDoor, type TrpcDoorOptions } from './testing/start-trpc-door.js';

/** A request as sent to both doors; `key: false` sends none. */
interface Request {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  input?: unknown;
  /** Sent as the query string instead of `input`, for inputs no client would send. */
  rawQuery?: string;
  key?: false;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string>;
  framing: { contentLength: string | null; transferEncoding: string | null };
}

const ORIGIN = 'https://app.example';

/** Headers that differ between any two responses (the request id, the date) or describe only the connection. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function answerOf(door: RunningTrpcDoor, request: Request): Promise<Answer> {
  const method = request.method ?? 'GET';
  const input = request.input === undefined ? undefined : JSON.stringify(request.input);
  const query = request.rawQuery ?? (method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(input)}` : '');
  const response = await fetch(`${door.baseUrl}/trpc/${request.path}${query}`, {
    method,
    headers: {
      Origin: ORIGIN,
      ...(request.key !== false && { Authorization: `Bearer ${door.apiKey}` }),
      ...(method === 'POST' && { 'Content-Type': 'application/json' }),
      ...request.headers,
    },
    ...(method === 'POST' && input !== undefined && { body: input }),
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!PER_RESPONSE.has(name)) headers[name] = value;
  return {
    status: response.status,
    text: await response.text(),
    headers,
    framing: { contentLength: response.headers.get('content-length'), transferEncoding: response.headers.get('transfer-encoding') },
  };
}

/**
 * The lone call's direct path (single-call.ts) against tRPC's adapter: the same requests, in the
 * same order, to two doors alike in all but that, must get the same status, body and headers.
 */
describe('a lone call answered directly', () => {
  let doors: RunningTrpcDoor[] = [];
  afterEach(async () => {
    await Promise.all(doors.map((door) => door.close()));
    doors = [];
  });

  async function compare(options: TrpcDoorOptions, requests: readonly Request[], seed?: (door: RunningTrpcDoor) => Promise<void>): Promise<Answer[]> {
    const direct = await startTrpcDoor({ ...options, corsOrigins: ORIGIN });
    const adapter = await startTrpcDoor({ ...options, corsOrigins: ORIGIN, adapterOnly: true });
    doors = [direct, adapter];
    if (seed) for (const door of doors) await seed(door);
    const answers: Answer[] = [];
    for (const request of requests) {
      const [fast, reference] = [await answerOf(direct, request), await answerOf(adapter, request)];
      expect({ request: request.name, status: fast.status, text: fast.text, headers: fast.headers }).toEqual({
        request: request.name,
        status: reference.status,
        text: reference.text,
        headers: reference.headers,
      });
      answers.push(fast);
    }
    return answers;
  }

  const beforeSunset = fixedClock(new Date('2026-06-01T12:00:00Z'));

  it('answers successes, validation errors, 401, 404, 409 and 429 as the adapter does, with a Content-Length', async () => {
    const requests: Request[] = [
      { name: 'list', path: 'pets.list', input: { limit: 2 } },
      { name: 'list without input', path: 'pets.list' },
      { name: 'list with an empty input', path: 'pets.list', input: {} },
      { name: 'page', path: 'pets.page', input: { limit: 2 } },
      { name: 'get', path: 'pets.get', input: { id: 3 } },
      { name: 'create', method: 'POST', path: 'pets.create', input: { name: 'Rex', categoryId: '9007199254740993', status: 'sold' } },
      {
        name: 'create, idempotent',
        method: 'POST',
        path: 'pets.create',
        input: { name: 'Ida', categoryId: 1 },
        headers: { 'Idempotency-Key': 'k-1' },
      },
      {
        name: 'create, idempotency conflict',
        method: 'POST',
        path: 'pets.create',
        input: { name: 'Other', categoryId: 1 },
        headers: { 'Idempotency-Key': 'k-1' },
      },
      { name: 'list, bad limit', path: 'pets.list', input: { limit: 0 } },
      { name: 'create, blank name', method: 'POST', path: 'pets.create', input: { name: ' ', categoryId: 1 } },
      { name: 'create, no body', method: 'POST', path: 'pets.create' },
      { name: 'get, no such pet', path: 'pets.get', input: { id: 424242 } },
      { name: 'list, no key', path: 'pets.list', key: false },
      { name: 'create, no key', method: 'POST', path: 'pets.create', input: { name: 'Rex', categoryId: 1 }, key: false },
    ];
    const charged = requests.filter((request) => request.key !== false).length;
    const refused: Request = { name: 'list past the rate limit', path: 'pets.list' };
    const answers = await compare({ clock: beforeSunset, rateLimit: charged }, [...requests, refused], async (door) => {
      await door.pets.create({ name: 'Wide', categoryId: 2n ** 63n - 1n });
      await door.pets.create({ name: 'Narrow', categoryId: 7, status: 'pending' });
      await door.pets.create({ name: 'Third', categoryId: -1 });
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 409, 400, 400, 400, 404, 401, 401, 429]);
    // Wide ids and the headers the envelope set really are in what was compared.
    expect(answers[0]?.text).toBe(
      '{"result":{"data":[{"id":1,"name":"Wide","categoryId":"9223372036854775807"},{"id":2,"name":"Narrow","categoryId":7,"status":"pending"}]}}',
    );
    expect(answers[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      vary: 'trpc-accept, accept, Origin',
      'access-control-allow-origin': ORIGIN,
      'ratelimit-remaining': String(charged - 1),
    });
    expect(answers[12]?.headers).toHaveProperty('www-authenticate', 'Bearer realm="petstore"');
    expect(answers.at(-1)?.headers).toHaveProperty('retry-after');
    // Answered by the direct path, not the adapter: one buffer with its length, not chunks.
    expect(answers[0]?.framing).toEqual({ contentLength: String(Buffer.byteLength(answers[0]?.text ?? '')), transferEncoding: null });
  });

  it('answers gone (410) as the adapter does', async () => {
    const afterSunset = fixedClock(new Date('2030-12-05T00:00:00Z'));
    const [gone] = await compare({ clock: afterSunset }, [{ name: 'get after the sunset', path: 'pets.get', input: { id: 1 } }]);
    expect(gone?.status).toBe(410);
  });

  it('answers a failing store (503 with Retry-After, and a masked 500) as the adapter does', async () => {
    const unavailable = new DomainError('service_unavailable', 'the database is not reachable', { retryAfterSeconds: 7 });
    const [refused] = await compare({ clock: beforeSunset, store: failingStore(unavailable) }, [{ name: 'list', path: 'pets.list' }]);
    expect(refused?.status).toBe(503);
    expect(refused?.headers).toHaveProperty('retry-after', '7');
    const [masked] = await compare({ clock: beforeSunset, store: failingStore(new Error('db-7 is down')) }, [
      { name: 'create', method: 'POST', path: 'pets.create', input: { name: 'Rex', categoryId: 1 } },
    ]);
    expect(masked?.status).toBe(500);
  });

  it('leaves to the adapter a call whose input is not JSON, and answers it the same', async () => {
    const [answer] = await compare({ clock: beforeSunset }, [{ name: 'list, input not JSON', path: 'pets.list', rawQuery: '?input=%7Bnot-json' }]);
    expect(answer?.status).not.toBe(200);
    expect(answer?.framing.transferEncoding).toBe('chunked');
  });
});
