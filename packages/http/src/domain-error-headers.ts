import type { DomainError } from '@petstore/domain';
import { rateLimitHeaders } from './rate-limit-headers.js';

/**
 * The HTTP headers a domain error implies, whichever door answers it: how long to back off, the
 * caller's rate-limit window, and the auth scheme to use (RFC 6750).
 */
export function domainErrorHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error.code === 'unauthorized') headers['WWW-Authenticate'] = 'Bearer realm="petstore"';
  if (error.rateLimit) Object.assign(headers, rateLimitHeaders(error.rateLimit));
  return headers;
}
