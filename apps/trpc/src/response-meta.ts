import { isDomainError } from '@petstore/domain';
import { domainErrorHeaders } from '@petstore/http';
import type { TRPCError } from '@trpc/server';

/**
 * The headers failed calls' domain errors imply, from the same function the other doors use
 * (`Retry-After` when the database is unavailable, the longest wait of a batch), so HTTP clients
 * and proxies need not read the error body. The RateLimit fields were set by the envelope when it
 * charged the request.
 */
export function errorHeaders(errors: readonly TRPCError[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const error of errors) {
    if (!isDomainError(error.cause)) continue;
    for (const [name, value] of Object.entries(domainErrorHeaders(error.cause))) {
      if (name === 'Retry-After' && Number(headers[name] ?? -1) >= Number(value)) continue;
      headers[name] = value;
    }
  }
  return headers;
}

/** tRPC's `responseMeta`: `errorHeaders`, and the Vary the response already had. */
export function responseHeaders(
  { errors }: { errors: TRPCError[] },
  /** What the response already varies on (the HTTP shell's `Origin`): tRPC would replace it with its own. */
  vary?: string,
): { headers: Headers } {
  const headers = new Headers(errorHeaders(errors));
  // A Headers object is appended to tRPC's own headers, so its Vary keeps both lists.
  if (vary) headers.append('Vary', vary);
  return { headers };
}

const TRPC_VARY = 'trpc-accept, accept';

/** The Vary tRPC's adapter answers with, after the one the response already had. */
export function trpcVary(vary: string | undefined): string {
  return vary ? `${TRPC_VARY}, ${vary}` : TRPC_VARY;
}
