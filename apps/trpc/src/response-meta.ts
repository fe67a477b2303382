import { isDomainError } from '@petstore/domain';
import { domainErrorHeaders } from '@petstore/http';
import type { TRPCError } from '@trpc/server';

/**
 * tRPC's `responseMeta`: the headers a failed call's domain error implies, from the same
 * function the other doors use (`Retry-After` when the database is unavailable, the longest wait
 * of a batch), so HTTP clients and proxies need not read the error body. The RateLimit fields
 * were set by the envelope when it charged the request.
 */
export function responseHeaders(
  { errors }: { errors: TRPCError[] },
  /** What the response already varies on (the HTTP shell's `Origin`): tRPC would replace it with its own. */
  vary?: string,
): { headers: Headers } {
  const headers = new Headers();
  for (const error of errors) {
    if (!isDomainError(error.cause)) continue;
    for (const [name, value] of Object.entries(domainErrorHeaders(error.cause))) {
      if (name === 'Retry-After' && Number(headers.get(name) ?? -1) >= Number(value)) continue;
      headers.set(name, value);
    }
  }
  // A Headers object is appended to tRPC's own headers, so its Vary keeps both lists.
  if (vary) headers.append('Vary', vary);
  return { headers };
}
