import { isDomainError } from '@petstore/domain';
import { errorBody, type ErrorBody } from './error-body.js';
import { describeStatus, HTTP_STATUS_BY_CODE } from './error-status.js';
import { HttpError } from './http-error.js';
import { domainErrorHeaders } from './domain-error-headers.js';

export interface HttpProblem {
  body: ErrorBody;
  headers: Record<string, string>;
  /** True when the error was not one we raised on purpose: log it, never show its text. */
  unexpected: boolean;
}

/** Turns anything thrown into the Error body and headers a client should see. */
export function toHttpProblem(error: unknown): HttpProblem {
  if (isDomainError(error)) {
    const status = HTTP_STATUS_BY_CODE[error.code];
    return {
      body: errorBody(status, error.code, error.message),
      headers: domainErrorHeaders(error),
      unexpected: status >= 500 && error.code === 'internal_error',
    };
  }
  if (error instanceof HttpError) {
    return { body: errorBody(error.status, error.code, error.message), headers: { ...error.headers }, unexpected: false };
  }
  const status = statusOf(error);
  if (status !== undefined && status < 500) {
    // Koa's own client errors (bad URL encoding, oversized headers) carry safe, exposed messages.
    const described = describeStatus(status);
    return { body: errorBody(status, described.code, described.message), headers: {}, unexpected: false };
  }
  return { body: errorBody(500, 'internal_error', 'internal error'), headers: {}, unexpected: true };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}
