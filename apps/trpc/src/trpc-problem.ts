import type { ProblemBody } from '@petstore/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { getStatusKeyFromCode } from '@trpc/server/unstable-core-do-not-import';
import { domainCodeOf, type PetstoreErrorShape } from './error-shape.js';

/**
 * A request refused before tRPC runs it (no key, a body too large or too slow, the rate limit),
 * in tRPC's own error shape, so the typed client reads it like any other error: one error per
 * call of a batch, each with the `data.domainCode` every tRPC error carries.
 */
export function trpcProblemBody(calls: readonly string[], batch: boolean): ProblemBody {
  return ({ body, headers }) => {
    const key = getStatusKeyFromCode(body.status);
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
    return batch ? calls.map(errorOf) : errorOf(calls[0] ?? '');
  };
}
