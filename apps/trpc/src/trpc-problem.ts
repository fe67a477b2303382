import type { ProblemShape } from '@petstore/http';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { domainCodeOf, type PetstoreErrorShape } from './error-shape.js';
import { trpcRequestOf } from './trpc-request.js';

/**
 * Each HTTP status a refusal can have, by the tRPC code tRPC itself gives that status. Built from
 * tRPC's public table and status function; where two codes share a status, the general one
 * (BAD_REQUEST, not PARSE_ERROR) is kept.
 */
const CODE_BY_STATUS = new Map<number, TRPC_ERROR_CODE_KEY>();
for (const key of Object.keys(TRPC_ERROR_CODES_BY_KEY) as TRPC_ERROR_CODE_KEY[]) {
  if (key !== 'PARSE_ERROR') CODE_BY_STATUS.set(getHTTPStatusCodeFromError(new TRPCError({ code: key })), key);
}

/**
 * A request refused before any of its calls ran (no key, a body too large or too slow, the rate
 * limit, an unknown procedure), in tRPC's own error shape, so the typed client reads it like any
 * other error: one error per call of a batch, each with the `data.domainCode` every tRPC error carries.
 */
export const trpcProblem: ProblemShape = ({ body, headers }, exchange) => {
  const { batch, paths } = trpcRequestOf(exchange.req.url ?? '');
  const key = CODE_BY_STATUS.get(body.status) ?? (body.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const retryAfter = headers['Retry-After'];
  const errorOf = (path: string): { error: PetstoreErrorShape } => ({
    error: {
      message: body.message,
      code: TRPC_ERROR_CODES_BY_KEY[key],
      data: {
        code: key,
        httpStatus: body.status,
        path,
        domainCode: domainCodeOf(body),
        ...(retryAfter !== undefined && { retryAfter: Number(retryAfter) }),
      },
    },
  });
  return { contentType: 'application/json', body: batch ? paths.map(errorOf) : errorOf(paths[0] ?? '') };
};
