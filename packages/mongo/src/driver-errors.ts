import { DomainError } from '@petstore/domain';
import {
  MongoClientClosedError,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';

const DUPLICATE_KEY = 11000;
const RETRY_AFTER_SECONDS = 2;

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

/** Failures that a retry after a short wait may cure: the database is down, unreachable or failing over. */
function isUnavailable(error: MongoError): boolean {
  return (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoClientClosedError ||
    error instanceof MongoOperationTimeoutError ||
    // Every pooled connection stayed busy for waitQueueTimeoutMS (the class is not exported).
    error.name === 'WaitQueueTimeoutError' ||
    // Servers label stepdowns and shutdowns this way.
    error.hasErrorLabel(MongoErrorLabel.RetryableWriteError)
  );
}

/**
 * Turns a driver error into a DomainError whose message is ours: driver text can name hosts,
 * users and query values, so it travels only as `cause`, for logs that choose to show it.
 */
export function toDomainError(error: unknown): unknown {
  if (!(error instanceof MongoError)) return error;
  if (isUnavailable(error)) {
    return new DomainError('service_unavailable', 'the database is unavailable; retry shortly', {
      cause: error,
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
  return new DomainError('internal_error', 'the database could not complete the request', { cause: error });
}

/** Runs one store operation, reporting driver failures as DomainErrors. */
export async function withDriverErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toDomainError(error);
  }
}
