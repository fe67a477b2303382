import type { ErrorCode } from '@petstore/domain';

/** The one table from domain error code to HTTP status, used by every HTTP-speaking door. */
export const HTTP_STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** Codes for statuses that Koa, the router or a door's framework (tRPC) produce on their own. */
const CODE_BY_STATUS = {
  400: { code: 'invalid_request', message: 'the request is invalid' },
  401: { code: 'unauthorized', message: 'a valid API key is required' },
  403: { code: 'forbidden', message: 'this API key may not make this request' },
  404: { code: 'not_found', message: 'no such resource' },
  405: { code: 'method_not_allowed', message: 'this method is not allowed on this resource' },
  406: { code: 'not_acceptable', message: 'this resource only produces application/json' },
  408: { code: 'request_timeout', message: 'the request took too long to arrive' },
  409: { code: 'conflict', message: 'the request conflicts with the current state' },
  410: { code: 'gone', message: 'this operation is no longer available' },
  413: { code: 'payload_too_large', message: 'the request body is too large' },
  415: { code: 'unsupported_media_type', message: 'the request body must be application/json' },
  429: { code: 'rate_limited', message: 'the rate limit is exceeded' },
  431: { code: 'headers_too_large', message: 'the request headers are too large' },
  499: { code: 'client_closed_request', message: 'the client closed the request' },
  501: { code: 'not_implemented', message: 'this method is not implemented' },
  503: { code: 'service_unavailable', message: 'the service is unavailable' },
} as const satisfies Readonly<Record<number, { code: string; message: string }>>;

/**
 * Every code the HTTP layer gives a status of its own (a client's typed union of codes is built
 * from it and the domain's ERROR_CODES; `internal_error` is any other 5xx).
 */
export type HttpErrorCode = (typeof CODE_BY_STATUS)[keyof typeof CODE_BY_STATUS]['code'] | 'internal_error';

interface StatusDescription {
  code: HttpErrorCode;
  message: string;
}

const DESCRIPTION_BY_STATUS: Readonly<Partial<Record<number, StatusDescription>>> = CODE_BY_STATUS;

export function describeStatus(status: number): StatusDescription {
  return (
    DESCRIPTION_BY_STATUS[status] ??
    (status >= 500 ? { code: 'internal_error', message: 'internal error' } : { code: 'invalid_request', message: 'the request is invalid' })
  );
}

/** The error code the HTTP layer sends with a status, as every door's refusal carries it (what the documents say it is). */
export function codeOfStatus(status: number): string {
  return Object.entries(HTTP_STATUS_BY_CODE).find(([, mapped]) => mapped === status)?.[0] ?? describeStatus(status).code;
}
