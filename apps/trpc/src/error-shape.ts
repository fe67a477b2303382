import { HTTP_STATUS_BY_CODE } from '@petstore/http';
import { ERROR_CODES, isDomainError, type ErrorCode } from '@petstore/domain';
import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import { TRPC_CODE_BY_DOMAIN_CODE } from './error-mapping.js';

export interface PetstoreErrorData extends Omit<TRPCDefaultErrorShape['data'], 'stack'> {
  /** The domain's own code, the same `code` the REST door puts in its Error body. */
  domainCode?: ErrorCode;
  /** Seconds after which a retry may succeed. */
  retryAfter?: number;
}

export interface PetstoreErrorShape extends Omit<TRPCDefaultErrorShape, 'data'> {
  data: PetstoreErrorData;
}

const MASKED_MESSAGE = 'internal error';

/**
 * The error every client sees. There is never a stack, whatever tRPC's `isDev` says. A 500
 * never carries its message, because that text can come from a driver or a bug. The HTTP
 * status comes from the table the REST door uses, so `gone` is 410 on both doors. tRPC
 * sends the status given in `data.httpStatus`.
 */
export function formatError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }): PetstoreErrorShape {
  const { stack: _stack, ...data } = shape.data;
  const domainError = isDomainError(error.cause) ? error.cause : undefined;
  // tRPC's own failures (body too large, batch too big) get the domain code of the same meaning.
  const domainCode = domainError?.code ?? ERROR_CODES.find((code) => TRPC_CODE_BY_DOMAIN_CODE[code] === error.code);
  return {
    ...shape,
    message: error.code === 'INTERNAL_SERVER_ERROR' ? MASKED_MESSAGE : shape.message,
    data: {
      ...data,
      ...(domainCode && { domainCode, httpStatus: HTTP_STATUS_BY_CODE[domainCode] }),
      ...(domainError?.retryAfterSeconds !== undefined && { retryAfter: domainError.retryAfterSeconds }),
    },
  };
}
