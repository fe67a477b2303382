import type { ProblemShape } from '@petstore/http';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { errorShape, type TrpcFailure } from './error-shape.js';
import { trpcRequest } from './trpc-request.js';

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
 * limit, an unknown procedure), shaped by the door's one error shaper, so the typed client reads
 * it like any other error: one error per call of a batch, each with its procedure's path. The
 * calls are the door's reading of the request, made once (trpc-request.ts).
 */
export const trpcProblem: ProblemShape = ({ body, headers }, exchange) => {
  const { batch, paths } = trpcRequest(exchange);
  const retryAfter = headers['Retry-After'];
  const failure: TrpcFailure = {
    key: CODE_BY_STATUS.get(body.status) ?? (body.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'),
    body,
    retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
  };
  const errorOf = (path: string) => ({ error: errorShape(failure, path) });
  return { contentType: 'application/json', body: batch ? paths.map(errorOf) : errorOf(paths[0] ?? '') };
};
