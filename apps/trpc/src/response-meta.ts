import { isDomainError, type RateLimitState } from '@petstore/domain';
import { rateLimitHeaders } from '@petstore/http';
import type { TRPCError } from '@trpc/server';
import type { TrpcContext } from './context.js';

/**
 * tRPC's `responseMeta`: the headers the other doors send too. RateLimit fields on every
 * authenticated answer, and `Retry-After` when a call was refused for a while (rate limit,
 * database unavailable), so HTTP clients and proxies need not read the error body to back off.
 */
export function responseHeaders(
  { ctx, errors }: { ctx?: TrpcContext | undefined; errors: TRPCError[] },
  /** What the response already varies on (the HTTP shell's `Origin`): tRPC would replace it with its own. */
  vary?: string,
): { headers: Headers } {
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
  // A Headers object is appended to tRPC's own headers, so its Vary keeps both lists.
  const result = new Headers(headers);
  if (vary) result.append('Vary', vary);
  return { headers: result };
}
