import { isDomainError, type RateLimitState } from '@petstore/domain';
import { rateLimitHeaders } from '@petstore/http';
import type { TRPCError } from '@trpc/server';
import type { TrpcContext } from './context.js';

/**
 * tRPC's `responseMeta`: the headers the other doors send too. RateLimit fields on every
 * authenticated answer, and `Retry-After` when a call was refused for a while (rate limit,
 * database unavailable), so HTTP clients and proxies need not read the error body to back off.
 */
export function responseHeaders({ ctx, errors }: { ctx?: TrpcContext | undefined; errors: TRPCError[] }): {
  headers?: Record<string, string>;
} {
  const headers: Record<string, string> = {};
  let rateLimit: RateLimitState | undefined = ctx?.report.rateLimit;
  let retryAfter: number | undefined;
  for (const error of errors) {
    const cause = isDomainError(error.cause) ? error.cause : undefined;
    if (cause?.rateLimit) rateLimit = cause.rateLimit;
    if (cause?.retryAfterSeconds !== undefined) retryAfter = Math.max(retryAfter ?? 0, cause.retryAfterSeconds);
  }
  if (rateLimit) Object.assign(headers, rateLimitHeaders(rateLimit));
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
  return Object.keys(headers).length === 0 ? {} : { headers };
}
