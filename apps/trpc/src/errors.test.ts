import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES } from '@petstore/domain';
import { HTTP_STATUS_BY_CODE } from '@petstore/http';
import { TRPC_CODE_BY_DOMAIN_CODE } from './error-mapping.js';
import { failingStore } from './testing/failing-store.js';
import { rejectionOf } from './testing/rejection.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireError, wireQuery } from './testing/wire.js';

const SECRET = 'connection refused by db-7.internal:27017 as admin';

describe.each(CALL_SHAPES)('errors the door returns, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  afterEach(() => door.close());

  it('masks an unexpected failure as INTERNAL_SERVER_ERROR "internal error" with HTTP 500 and logs the original', async () => {
    door = await startTrpcDoor({ clientShape: via, store: failingStore(new Error(SECRET)) });
    const response = await wireQuery(door.baseUrl, { via, path: 'pets.list', key: door.apiKey });
    expect(response.status).toBe(500);
    expect(wireError(response)).toMatchObject({
      message: 'internal error',
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, domainCode: 'internal_error' },
    });
    expect(response.text).not.toContain('db-7');
    expect(JSON.stringify(door.logs)).toContain(SECRET);

    const error = await rejectionOf(door.client.pets.create.mutate({ name: 'Rex', categoryId: 1 }));
    expect(error.message).toBe('internal error');
    expect(JSON.stringify(error.shape)).not.toContain('db-7');
  });

  it('never sends a stack trace', async () => {
    door = await startTrpcDoor({ clientShape: via, store: failingStore(new Error(SECRET)) });
    const failures = [
      await wireQuery(door.baseUrl, { via, path: 'pets.list', key: door.apiKey }),
      await wireQuery(door.baseUrl, { via, path: 'pets.list', input: { limit: 0 }, key: door.apiKey }),
      await wireQuery(door.baseUrl, { via, path: 'pets.nope', key: door.apiKey }),
    ];
    for (const response of failures) expect(wireError(response).data).not.toHaveProperty('stack');
  });

  it.each(ERROR_CODES.filter((code) => code !== 'internal_error'))(
    'maps the domain code %s through the one table, keeping its message and its REST HTTP status',
    async (code) => {
      door = await startTrpcDoor({ clientShape: via, store: failingStore(new DomainError(code, `the store says ${code}`)) });
      const response = await wireQuery(door.baseUrl, { via, path: 'pets.list', key: door.apiKey });
      expect(response.status).toBe(HTTP_STATUS_BY_CODE[code]);
      expect(wireError(response)).toMatchObject({
        message: `the store says ${code}`,
        data: { code: TRPC_CODE_BY_DOMAIN_CODE[code], httpStatus: HTTP_STATUS_BY_CODE[code], domainCode: code },
      });
      expect(door.logs.filter((line) => Number(line['level']) >= 50)).toEqual([]);
    },
  );

  it('tells the client when to retry with data.retryAfter', async () => {
    const unavailable = new DomainError('service_unavailable', 'the database is not reachable', { retryAfterSeconds: 5 });
    door = await startTrpcDoor({ clientShape: via, store: failingStore(unavailable) });
    const error = await rejectionOf(door.client.pets.list.query());
    expect(error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, domainCode: 'service_unavailable', retryAfter: 5 });
  });
});
