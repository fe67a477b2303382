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

/**
 * Server answers that mean "not now" rather than "never": shutting down, stepping down, not
 * primary, out of time, host unreachable, a write not replicated to a majority within wtimeoutMS
 * (64). The driver only labels some of them, and only for writes.
 * https://github.com/mongodb/mongo/blob/master/src/mongo/base/error_codes.yml
 */
const TRANSIENT_SERVER_CODES = new Set([6, 7, 50, 64, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * Pool errors the driver does not export (mongodb 7.x, lib/cmap/errors.js), so they can only be
 * recognised by the name their class reports: every pooled connection stayed busy for
 * waitQueueTimeoutMS, or the pool was closed under an operation (the client restarting).
 */
const UNEXPORTED_POOL_ERRORS = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClosedError']);

/**
 * How FerretDB's InternalError (1) says that the operation was cancelled under it, wherever in its
 * trace of callers the cancellation surfaced: Go's context errors; the cause its connection gives
 * the context when the connection's loop ends, `run exits: …` followed by why (the server stopping,
 * the socket closed), which a query iterator reports instead of "context canceled"
 * (internal/clientconn/conn.go, internal/backends/sqlite/query_iterator.go in FerretDB 1.24); or
 * SQLite interrupting the query it was running (`interrupted (9)`, as its Go driver words SQLITE_INTERRUPT).
 */
const CANCELLATION_TEXTS = ['context canceled', 'context deadline exceeded', 'run exits: ', 'interrupted (9)'];

/**
 * An operation FerretDB cancelled because it is stopping. It has no code of its own for that (mongod
 * answers InterruptedAtShutdown, 11600), so only this test reads the text, and only of an InternalError.
 */
function isCancelledAtShutdown(error: MongoError): boolean {
  return error instanceof MongoServerError && error.code === 1 && CANCELLATION_TEXTS.some((text) => error.message.includes(text));
}

/**
 * Failures that a retry after a short wait may cure: the database is down, unreachable or failing
 * over. Judged by the error's class, its labels and its code first, by its text last.
 */
function isUnavailable(error: MongoError): boolean {
  return (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoClientClosedError ||
    error instanceof MongoOperationTimeoutError ||
    UNEXPORTED_POOL_ERRORS.has(error.name) ||
    // Servers label stepdowns and shutdowns this way.
    error.hasErrorLabel(MongoErrorLabel.RetryableWriteError) ||
    (error instanceof MongoServerError && typeof error.code === 'number' && TRANSIENT_SERVER_CODES.has(error.code)) ||
    isCancelledAtShutdown(error)
  );
}

/**
 * A socket error the driver let through unwrapped (mongodb 7.x does, for a write racing the
 * server closing the connection: "This socket has been ended by the other party", EPIPE).
 */
const SOCKET_ERROR_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

function isSocketError(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return code !== undefined && SOCKET_ERROR_CODES.has(code);
}

export function unavailable(cause: unknown): DomainError {
  return new DomainError('service_unavailable', 'the database is unavailable; retry shortly', {
    cause,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/**
 * Turns a driver error into a DomainError whose message is ours: driver text can name hosts,
 * users and query values, so it travels only as `cause`, for logs that choose to show it.
 */
export function toDomainError(error: unknown): unknown {
  if (isSocketError(error)) return unavailable(error);
  if (!(error instanceof MongoError)) return error;
  if (isUnavailable(error)) return unavailable(error);
  return new DomainError('internal_error', 'the database could not complete the request', { cause: error });
}

/** Runs one store operation, reporting driver failures as DomainErrors. */
export function withDriverErrors<T>(operation: () => Promise<T>): Promise<T> {
  // One reaction on the operation's promise, not an async frame awaiting it (two more hops per store call).
  try {
    return operation().then(undefined, rethrowAsDomainError);
  } catch (error) {
    // Thrown before any I/O (a value the store refuses): failed as a rejection, as an async function would.
    return Promise.reject(error as Error).then(undefined, rethrowAsDomainError);
  }
}

function rethrowAsDomainError(error: unknown): never {
  throw toDomainError(error);
}
