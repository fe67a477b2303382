import { isDomainError } from '@petstore/domain';
import type { TRPCError } from '@trpc/server';

/**
 * tRPC's `responseMeta`: `Retry-After` when a call was refused for a while (database
 * unavailable), so HTTP clients and proxies need not read the error body to back off. The
 * RateLimit fields were set by the envelope when it charged the request.
 */
export function responseHeaders(
  { errors }: { errors: TRPCError[] },
  /** What the response already varies on (the HTTP shell's `Origin`): tRPC would replace it with its own. */
  vary?: string,
): { headers: Headers } {
  const headers = new Headers();
  let retryAfter: number | undefined;
  for (const error of errors) {
    const cause = isDomainError(error.cause) ? error.cause : undefined;
    if (cause?.retryAfterSeconds !== undefined) retryAfter = Math.max(retryAfter ?? 0, cause.retryAfterSeconds);
  }
  if (retryAfter !== undefined) headers.set('Retry-After', String(retryAfter));
  // A Headers object is appended to tRPC's own headers, so its Vary keeps both lists.
  if (vary) headers.append('Vary', vary);
  return { headers };
}
