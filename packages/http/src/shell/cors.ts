import type { IncomingMessage } from 'node:http';
import type { HeaderList } from '../exchange/answer-head.js';

/** What a browser page on an allowed origin may send and read. */
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Request-Id',
  // tRPC's streaming batch link and Apollo's CSRF-prevention header.
  'trpc-accept',
  'apollo-require-preflight',
  'x-apollo-operation-name',
].join(', ');
const EXPOSED_HEADERS = [
  'Location',
  'Link',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-Request-Id',
  'Deprecation',
  'Sunset',
].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export interface CorsPolicy {
  /** The CORS headers every answer to this request carries (none when CORS is off). */
  headers(req: IncomingMessage): HeaderList;
  /** The extra headers of the answer to a preflight from an allowed origin; undefined when the request is not one. */
  preflight(req: IncomingMessage): HeaderList | undefined;
}

const NONE: HeaderList = [];
const VARY_ORIGIN: HeaderList = ['Vary', 'Origin'];
const PREFLIGHT: HeaderList = [
  'Access-Control-Allow-Methods',
  ALLOWED_METHODS,
  'Access-Control-Allow-Headers',
  ALLOWED_HEADERS,
  'Access-Control-Max-Age',
  PREFLIGHT_MAX_AGE_SECONDS,
];

/**
 * CORS for an exact list of origins (no wildcard, no credentials: keys travel in a header, not
 * a cookie). Other origins get no CORS headers at all, so the browser keeps the answer from them.
 */
export function corsPolicy(origins: readonly string[]): CorsPolicy {
  const allowed = new Set(origins);
  const isAllowed = (req: IncomingMessage): req is IncomingMessage & { headers: { origin: string } } =>
    req.headers.origin !== undefined && allowed.has(req.headers.origin);
  return {
    headers(req) {
      if (allowed.size === 0) return NONE;
      if (!isAllowed(req)) return VARY_ORIGIN;
      const preflight = isPreflight(req);
      return [
        'Vary',
        'Origin',
        'Access-Control-Allow-Origin',
        req.headers.origin,
        ...(preflight ? [] : ['Access-Control-Expose-Headers', EXPOSED_HEADERS]),
      ];
    },
    preflight(req) {
      return allowed.size > 0 && isAllowed(req) && isPreflight(req) ? PREFLIGHT : undefined;
    },
  };
}

function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}
