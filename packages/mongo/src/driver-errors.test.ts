import { DomainError } from '@petstore/domain';
import { MongoNetworkError, MongoNotConnectedError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isDuplicateKeyError, toDomainError, withDriverErrors } from './driver-errors.js';

const DRIVER_TEXT = 'connection 7 to 10.1.2.3:27017 closed (user admin)';

describe('toDomainError', () => {
  it.each([
    ['a network error', new MongoNetworkError(DRIVER_TEXT)],
    ['a not-connected error', new MongoNotConnectedError(DRIVER_TEXT)],
    ['a server error labelled retryable (a stepdown)', withLabel(new MongoServerError({ code: 189, errmsg: DRIVER_TEXT }))],
    ['a server shutting down', new MongoServerError({ code: 11600, errmsg: DRIVER_TEXT })],
    ['an operation out of time', new MongoServerError({ code: 50, errmsg: DRIVER_TEXT })],
    ['FerretDB cancelling an operation as it stops', new MongoServerError({ code: 1, errmsg: `${DRIVER_TEXT} context canceled` })],
    ['a socket error the driver did not wrap', Object.assign(new Error(DRIVER_TEXT), { code: 'EPIPE' })],
    ['a majority write not replicated in time', new MongoServerError({ code: 64, errmsg: DRIVER_TEXT })],
  ])('reports %s as service_unavailable, retry after 2 seconds, without driver text', (_, driverError) => {
    const mapped = toDomainError(driverError);
    expect(mapped).toBeInstanceOf(DomainError);
    expect(mapped).toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 2, cause: driverError });
    expect((mapped as DomainError).message).toBe('the database is unavailable; retry shortly');
  });

  it('reports any other driver error as internal_error without driver text', () => {
    const mapped = toDomainError(new MongoServerError({ code: 2, errmsg: DRIVER_TEXT }));
    expect(mapped).toMatchObject({ code: 'internal_error', message: 'the database could not complete the request' });
  });

  it('passes errors that are not the driver’s through unchanged', () => {
    const domain = new DomainError('conflict', 'pet 1 already exists');
    const plain = new RangeError('bad');
    expect(toDomainError(domain)).toBe(domain);
    expect(toDomainError(plain)).toBe(plain);
  });
});

describe('withDriverErrors', () => {
  it('rethrows a failed operation’s driver error as a DomainError', async () => {
    await expect(withDriverErrors(() => Promise.reject(new MongoNetworkError(DRIVER_TEXT)))).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});

describe('isDuplicateKeyError', () => {
  it('recognises code 11000 and nothing else', () => {
    expect(isDuplicateKeyError(new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key' }))).toBe(true);
    expect(isDuplicateKeyError(new MongoServerError({ code: 2, errmsg: 'bad value' }))).toBe(false);
    expect(isDuplicateKeyError(new Error('E11000'))).toBe(false);
  });
});

function withLabel(error: MongoServerError): MongoServerError {
  error.addErrorLabel('RetryableWriteError');
  return error;
}
