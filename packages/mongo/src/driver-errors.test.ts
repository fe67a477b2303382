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

  /**
   * What the driver threw while FerretDB 1.24 (SQLite) was stopped and started under a load of
   * inserts and sorted finds, collected from real runs (the texts whole, the ports as they were);
   * and the two sorted finds' texts as FerretDB's code words them (handler/msg_find.go and
   * common/sort_iterator.go wrap the failure in their trace of callers, and the query iterator
   * reports its context's cause), which the outage test met once and no run here reproduced.
   */
  it.each([
    [
      'MongoServerError',
      new MongoServerError({
        code: 1,
        codeName: 'InternalError',
        errmsg: '[msg_insert.go:168 handler.(*Handler).MsgInsert] [db.go:134 fsql.(*DB).InTransaction] context canceled',
      }),
    ],
    [
      'MongoServerError (a sorted find whose connection ended: the context’s cause, not "context canceled")',
      new MongoServerError({
        code: 1,
        codeName: 'InternalError',
        errmsg:
          '[msg_find.go:344 handler.handleMaxTimeMSError] [sort_iterator.go:36 common.SortIterator] [query_iterator.go:79 sqlite.(*queryIterator).Next] [conn.go:144 clientconn.(*conn).run.func1] run exits: EOF',
      }),
    ],
    [
      'MongoServerError (a sorted find whose query SQLite interrupted)',
      new MongoServerError({
        code: 1,
        codeName: 'InternalError',
        errmsg:
          '[msg_find.go:344 handler.handleMaxTimeMSError] [sort_iterator.go:36 common.SortIterator] [query_iterator.go:91 sqlite.(*queryIterator).Next] interrupted (9)',
      }),
    ],
    [
      'MongoNetworkError labelled SystemOverloadedError, RetryableError',
      withLabels(new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:40927'), 'SystemOverloadedError', 'RetryableError'),
    ],
    ['MongoNetworkError labelled ResetPool', withLabels(new MongoNetworkError('connection 4 to 127.0.0.1:40927 closed'), 'ResetPool')],
    ['MongoNetworkError', new MongoNetworkError('connection 6 to 127.0.0.1:39291 closed')],
  ])('reports %s thrown while FerretDB stopped as service_unavailable', (_, driverError) => {
    expect(toDomainError(driverError), driverError.message).toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 2 });
  });

  it('reports an InternalError that names no cancellation as internal_error, whatever else its text says', () => {
    const mapped = toDomainError(
      new MongoServerError({ code: 1, codeName: 'InternalError', errmsg: '[msg_find.go:344 handler.handleMaxTimeMSError] unexpected type int32' }),
    );
    expect(mapped).toMatchObject({ code: 'internal_error' });
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
  return withLabels(error, 'RetryableWriteError');
}

function withLabels<E extends MongoNetworkError | MongoServerError>(error: E, ...labels: string[]): E {
  for (const label of labels) error.addErrorLabel(label);
  return error;
}
