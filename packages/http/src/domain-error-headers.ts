import type { DomainError } from '@petstore/domain';

/**
 * The HTTP headers a domain error implies, whichever door answers it: how long to back off and the
 * auth scheme to use (RFC 6750). The caller's rate-limit standing is the exchange's to write.
 */
export function domainErrorHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error.code === 'unauthorized') headers['WWW-Authenticate'] = 'Bearer realm="petstore"';
  return headers;
}
