import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPetstoreError } from './client.js';
import { CALL_SHAPES } from './testing/wire.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';

describe.each(CALL_SHAPES)('isPetstoreError, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor({ clientShape: via });
  });
  afterAll(async () => {
    await door.close();
  });

  it('recognises a failed call, with the domain code in data', async () => {
    const error: unknown = await door.client.pets.get.query({ id: 987_654_321 }).catch((caught: unknown) => caught);
    expect(isPetstoreError(error)).toBe(true);
    if (isPetstoreError(error)) expect(error.data?.domainCode).toBe('not_found');
  });

  it('recognises the error of another copy of @trpc/client, which instanceof would not', () => {
    class TRPCClientErrorOfAnotherCopy extends Error {
      override readonly name = 'TRPCClientError';
      readonly data = { code: 'NOT_FOUND', httpStatus: 404, path: 'pets.get', domainCode: 'not_found' };
    }
    const error = new TRPCClientErrorOfAnotherCopy('no pet has this id');
    expect(error instanceof TRPCClientError).toBe(false);
    expect(isPetstoreError(error)).toBe(true);
  });

  it('rejects anything else', () => {
    const named = (name: string, data?: unknown) => Object.assign(new Error('x'), { name, data });
    for (const value of [
      new Error('x'),
      named('TypeError'),
      named('TRPCClientError', { code: 1 }),
      { name: 'TRPCClientError' },
      null,
      'TRPCClientError',
    ]) {
      expect(isPetstoreError(value), JSON.stringify(value)).toBe(false);
    }
  });
});
