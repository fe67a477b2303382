import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { DomainError, ErrorCode } from '@petstore/domain';

/**
 * The one table from domain error code to tRPC error code. tRPC 11 has no code for HTTP 410,
 * so `gone` becomes NOT_FOUND (the closest meaning: the operation is no longer there). The
 * error shape still tells the two apart with `data.domainCode: 'gone'` and `data.httpStatus: 410`.
 */
export const TRPC_CODE_BY_DOMAIN_CODE: Readonly<Record<ErrorCode, TRPC_ERROR_CODE_KEY>> = {
  invalid_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  gone: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rate_limited: 'TOO_MANY_REQUESTS',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  service_unavailable: 'SERVICE_UNAVAILABLE',
  internal_error: 'INTERNAL_SERVER_ERROR',
};

export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_BY_DOMAIN_CODE[error.code], message: error.message, cause: error });
}
