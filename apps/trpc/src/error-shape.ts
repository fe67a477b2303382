import { describeStatus, HTTP_STATUS_BY_CODE, type ErrorBody, type HttpErrorCode } from '@petstore/http';
import { ERROR_CODES, isDomainError, type ErrorCode } from '@petstore/domain';
import type { TRPC_ERROR_CODE_KEY, TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';

export interface PetstoreErrorData extends Omit<TRPCDefaultErrorShape['data'], 'stack'> {
  /**
   * The same `code` the REST door puts in its Error body for this failure: a domain code, or the
   * HTTP layer's (`unsupported_media_type`, `method_not_allowed`, …). Every error carries one.
   */
  domainCode: ErrorCode | HttpErrorCode;
  /** Seconds after which a retry may succeed. */
  retryAfter?: number;
}

export interface PetstoreErrorShape extends Omit<TRPCDefaultErrorShape, 'data'> {
  data: PetstoreErrorData;
}

/**
 * A failure as the door tells it to a tRPC client, whether one call failed or the whole request
 * was refused: tRPC's code, the Error body REST would send for it, and when a retry may succeed.
 */
export interface TrpcFailure {
  key: TRPC_ERROR_CODE_KEY;
  body: Pick<ErrorBody, 'code' | 'message' | 'status'>;
  retryAfter: number | undefined;
}

const MASKED_MESSAGE = 'internal error';

/**
 * An Error body's code as `domainCode`: one of the domain's codes as it is, otherwise the HTTP
 * layer's code for its status (which is what the HTTP layer put there).
 */
export function domainCodeOf(body: { code: string; status: number }): PetstoreErrorData['domainCode'] {
  return ERROR_CODES.find((known) => known === body.code) ?? describeStatus(body.status).code;
}

/**
 * The door's one error shaper, for a failed call and a refused request alike, so the typed client
 * reads both the same way: tRPC's documented default shape (https://trpc.io/docs/server/error-formatting)
 * without a stack, whatever tRPC's `isDev` says, and with the `data.domainCode` every error carries.
 * tRPC sends the status given in `data.httpStatus`.
 */
export function errorShape({ key, body, retryAfter }: TrpcFailure, path: string): PetstoreErrorShape {
  return {
    message: body.message,
    code: TRPC_ERROR_CODES_BY_KEY[key],
    data: { code: key, httpStatus: body.status, path, domainCode: domainCodeOf(body), ...(retryAfter !== undefined && { retryAfter }) },
  };
}

/**
 * A failed call. A 500 never carries its message, because that text can come from a driver or a
 * bug. The HTTP status comes from the table the REST door uses, so `gone` is 410 on both doors;
 * tRPC's own failures get tRPC's status, and REST's code for it.
 */
export function callFailure(error: TRPCError): TrpcFailure {
  const domainError = isDomainError(error.cause) ? error.cause : undefined;
  const status = domainError ? HTTP_STATUS_BY_CODE[domainError.code] : getHTTPStatusCodeFromError(error);
  return {
    key: error.code,
    body: {
      code: domainError?.code ?? describeStatus(status).code,
      message: error.code === 'INTERNAL_SERVER_ERROR' ? MASKED_MESSAGE : error.message,
      status,
    },
    retryAfter: domainError?.retryAfterSeconds,
  };
}

/**
 * tRPC's `errorFormatter`, the same shaper again. The door shapes its calls' errors itself
 * (trpc-middleware.ts); tRPC reads the shape's type from here for the client's router type, and
 * would call it were the router ever served by tRPC's own adapter.
 */
export function formatError({ error, path }: { error: TRPCError; path: string | undefined }): PetstoreErrorShape {
  return errorShape(callFailure(error), path ?? '');
}
