import { describeStatus, HTTP_STATUS_BY_CODE, type HttpErrorCode } from '@petstore/http';
import { ERROR_CODES, isDomainError, type ErrorCode } from '@petstore/domain';
import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
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

const MASKED_MESSAGE = 'internal error';

/**
 * An Error body's code as `domainCode`: one of the domain's codes as it is, otherwise the HTTP
 * layer's code for its status (which is what the HTTP layer put there).
 */
export function domainCodeOf(body: { code: string; status: number }): PetstoreErrorData['domainCode'] {
  return ERROR_CODES.find((known) => known === body.code) ?? describeStatus(body.status).code;
}

/**
 * The error every client sees. There is never a stack, whatever tRPC's `isDev` says. A 500
 * never carries its message, because that text can come from a driver or a bug. The HTTP
 * status comes from the table the REST door uses, so `gone` is 410 on both doors. tRPC
 * sends the status given in `data.httpStatus`.
 */
export function formatError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }): PetstoreErrorShape {
  const { stack: _stack, ...data } = shape.data;
  const domainError = isDomainError(error.cause) ? error.cause : undefined;
  // tRPC's own failures (unknown procedure, wrong method, media type) get REST's code for their status.
  const httpStatus = domainError ? HTTP_STATUS_BY_CODE[domainError.code] : data.httpStatus;
  return {
    ...shape,
    message: error.code === 'INTERNAL_SERVER_ERROR' ? MASKED_MESSAGE : shape.message,
    data: {
      ...data,
      httpStatus,
      domainCode: domainError?.code ?? describeStatus(httpStatus).code,
      ...(domainError?.retryAfterSeconds !== undefined && { retryAfter: domainError.retryAfterSeconds }),
    },
  };
}

/**
 * The shape of a failed call as the client gets it: our formatter over tRPC's documented default
 * shape (https://trpc.io/docs/server/error-formatting), built from tRPC's public exports. tRPC's
 * `getErrorShape` (marked internal) would build the same, but it takes the router's root config,
 * which no public API hands out; the formatter that config holds is this module's own (trpc.ts).
 */
export function errorShapeOf(error: TRPCError, path: string): PetstoreErrorShape {
  const shape: TRPCDefaultErrorShape = {
    message: error.message,
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path },
  };
  return formatError({ shape, error });
}
