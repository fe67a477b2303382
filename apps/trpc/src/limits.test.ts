import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetstoreClient } from './client.js';
import { MAX_BATCH_SIZE } from './endpoint.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { wireError, wireMutation, wireQuery } from './testing/wire.js';

const MAX_BODY_BYTES = 1024;

describe('request limits', () => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor({ maxBodyBytes: MAX_BODY_BYTES });
  });
  afterAll(() => door.close());

  it(`answers up to ${MAX_BATCH_SIZE} calls made together in one HTTP request`, async () => {
    const requests: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      requests.push(input instanceof Request ? input.url : input.toString());
      return fetch(input, init);
    };
    const client = createPetstoreClient({ baseUrl: door.baseUrl, apiKey: door.apiKey, fetch: countingFetch });
    const limits = Array.from({ length: MAX_BATCH_SIZE }, (_, i) => i + 1);
    const results = await Promise.all(limits.map((limit) => client.pets.list.query({ limit })));
    expect(results).toHaveLength(MAX_BATCH_SIZE);
    expect(requests).toHaveLength(1);
  });

  it('splits a larger set of calls into batches the server accepts', async () => {
    const requests: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      requests.push(input instanceof Request ? input.url : input.toString());
      return fetch(input, init);
    };
    const client = createPetstoreClient({ baseUrl: door.baseUrl, apiKey: door.apiKey, fetch: countingFetch });
    await Promise.all(Array.from({ length: MAX_BATCH_SIZE + 1 }, () => client.pets.list.query()));
    expect(requests).toHaveLength(2);
  });

  it(`refuses a batch of more than ${MAX_BATCH_SIZE} calls with BAD_REQUEST and HTTP 400`, async () => {
    const calls = MAX_BATCH_SIZE + 1;
    const response = await wireQuery(door.baseUrl, {
      path: Array.from({ length: calls }, () => 'pets.list').join(','),
      input: Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), {}])),
      batch: true,
      key: door.apiKey,
    });
    expect(response.status).toBe(400);
    // Refused whole, before any call ran: one error for each call, as for any refusal of a batch.
    const refusal = { error: expect.objectContaining({ data: expect.objectContaining({ code: 'BAD_REQUEST', domainCode: 'invalid_request' }) }) };
    expect(response.body).toEqual(Array.from({ length: calls }, () => refusal));
  });

  it('refuses one call whose body is past the one limit every door has, with PAYLOAD_TOO_LARGE and HTTP 413', async () => {
    const response = await wireMutation(door.baseUrl, {
      path: 'pets.create',
      input: { name: 'x'.repeat(MAX_BODY_BYTES), categoryId: 1 },
      key: door.apiKey,
    });
    expect(response.status).toBe(413);
    expect(wireError(response).data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, domainCode: 'payload_too_large' });
    expect(await door.client.pets.list.query()).toEqual([]);
  });
});
