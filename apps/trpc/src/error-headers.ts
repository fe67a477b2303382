import { isDomainError } from '@petstore/domain';
import { domainErrorHeaders } from '@petstore/http';
import type { TRPCError } from '@trpc/server';

/**
 * The headers failed calls' domain errors imply, from the same function the other doors use
 * (`Retry-After` when the database is unavailable, the longest wait of a batch), so HTTP clients
 * and proxies need not read the error body.
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
