/**
 * Every failure the service can explain. Doors map each code to their own transport
 * (HTTP status, GraphQL extension, TRPCError code) in one table each; the domain knows nothing of them.
 */
export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  /** The key is valid but lacks the scope the operation needs. */
  'forbidden',
  'not_found',
  'gone',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface DomainErrorOptions {
  cause?: unknown;
  /** Seconds after which a retry may succeed (rate limits, unavailable database). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
