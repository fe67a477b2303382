import type { Deprecation } from '@petstore/domain';
import { ROUTES } from './rest-routes.js';

/**
 * RFC 9745 `Deprecation` (a structured date), RFC 8594 `Sunset` (an HTTP date) and a link to the
 * route of the successor, sent on every response of a deprecated operation so clients notice early.
 */
export function deprecationHeaders(apiBase: string, deprecation: Deprecation): Record<string, string> {
  const headers: Record<string, string> = {
    Deprecation: `@${Math.floor(deprecation.since.getTime() / 1000)}`,
    Sunset: deprecation.sunset.toUTCString(),
  };
  // The successor's collection route: a template with parameters is no link a client can follow.
  const successor = ROUTES.find(
    ({ method, template, operation }) => operation.name === deprecation.successor && method === 'GET' && !template.includes(':'),
  );
  if (successor) headers['Link'] = `<${apiBase}${successor.template}>; rel="successor-version"`;
  return headers;
}
