import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, fixedClock } from '@petstore/domain';
import { failingStore } from './testing/failing-store.js';
import { startTrpcDoor, type RunningTrpcDoor, type TrpcDoorOptions } from './testing/start-trpc-door.js';
import type { CallShape } from './testing/wire.js';

/** A request as sent to both doors; `key: false` sends none. */
interface Request {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  input?: unknown;
  /** Sent as the query's input parameter instead of `input`, for inputs no client would send. */
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

/** Sends `request` as a lone call, or as a batch of one whose one answer is read out of its array. */
async function answerOf(door: RunningTrpcDoor, request: Request, shape: CallShape): Promise<Answer> {
  const method = request.method ?? 'GET';
  const batch = shape === 'batch';
  const given = request.input === undefined ? undefined : JSON.stringify(request.input);
  const input = batch && given !== undefined ? `{"0":${given}}` : given;
  const inputParameter = request.rawQuery ?? (method === 'GET' && input !== undefined ? `input=${encodeURIComponent(input)}` : undefined);
  const params = [...(batch ? ['batch=1'] : []), ...(inputParameter === undefined ? [] : [inputParameter])];
  const query = params.length > 0 ? `?${params.join('&')}` : '';
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
  const whole = await response.text();
  // A batch is the JSON array of its answers: a batch of one is its answer in brackets.
  if (batch && !(whole.startsWith('[') && whole.endsWith(']'))) throw new Error(`expected a batch of one, got ${whole}`);
  return {
    status: response.status,
    text: batch ? whole.slice(1, -1) : whole,
    headers,
    framing: { contentLength: response.headers.get('content-length'), transferEncoding: response.headers.get('transfer-encoding') },
  };
}

/**
 * tRPC's two wire shapes of a call (https://trpc.io/docs/rpc), which the door answers on one path:
 * the same requests, in the same order, sent lone to one door and as batches of one to another
 * door alike, must get the same status, answer and headers.
 */
describe('a call sent lone or in a batch of one', () => {
  let doors: RunningTrpcDoor[] = [];
  afterEach(async () => {
    await Promise.all(doors.map((door) => door.close()));
    doors = [];
  });

  async function compare(options: TrpcDoorOptions, requests: readonly Request[], seed?: (door: RunningTrpcDoor) => Promise<void>): Promise<Answer[]> {
    const lone = await startTrpcDoor({ ...options, corsOrigins: ORIGIN });
    const batched = await startTrpcDoor({ ...options, corsOrigins: ORIGIN });
    doors = [lone, batched];
    if (seed) for (const door of doors) await seed(door);
    const answers: Answer[] = [];
    for (const request of requests) {
      const [fast, reference] = [await answerOf(lone, request, 'lone'), await answerOf(batched, request, 'batch')];
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

  it('answers successes, validation errors, 401, 404, 409 and 429 alike, with a Content-Length', async () => {
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
    // One buffer with its length, not chunks.
    expect(answers[0]?.framing).toEqual({ contentLength: String(Buffer.byteLength(answers[0]?.text ?? '')), transferEncoding: null });
  });

  it('answers gone (410) alike', async () => {
    const afterSunset = fixedClock(new Date('2030-12-05T00:00:00Z'));
    const [gone] = await compare({ clock: afterSunset }, [{ name: 'get after the sunset', path: 'pets.get', input: { id: 1 } }]);
    expect(gone?.status).toBe(410);
  });

  it('answers a failing store (503 with Retry-After, and a masked 500) alike', async () => {
    const unavailable = new DomainError('service_unavailable', 'the database is not reachable', { retryAfterSeconds: 7 });
    const [refused] = await compare({ clock: beforeSunset, store: failingStore(unavailable) }, [{ name: 'list', path: 'pets.list' }]);
    expect(refused?.status).toBe(503);
    expect(refused?.headers).toHaveProperty('retry-after', '7');
    const [masked] = await compare({ clock: beforeSunset, store: failingStore(new Error('db-7 is down')) }, [
      { name: 'create', method: 'POST', path: 'pets.create', input: { name: 'Rex', categoryId: 1 } },
    ]);
    expect(masked?.status).toBe(500);
  });

  it('refuses input that is not JSON with 400 naming it, alike', async () => {
    const [answer] = await compare({ clock: beforeSunset }, [{ name: 'list, input not JSON', path: 'pets.list', rawQuery: 'input=%7Bnot-json' }]);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.text ?? '')).toMatchObject({ error: { message: 'input: is not valid JSON', data: { domainCode: 'invalid_request' } } });
  });
});
