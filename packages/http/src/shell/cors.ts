import type { IncomingMessage, ServerResponse } from 'node:http';

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
  /** Adds the CORS headers a request from an allowed origin gets; true when it was a preflight, now answered. */
  apply(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * CORS for an exact list of origins (no wildcard, no credentials: keys travel in a header, not
 * a cookie). Other origins get no CORS headers at all, so the browser keeps the answer from them.
 */
export function corsPolicy(origins: readonly string[]): CorsPolicy {
  const allowed = new Set(origins);
  return {
    apply(req, res) {
      if (allowed.size === 0) return false;
      res.setHeader('Vary', 'Origin');
      const origin = req.headers.origin;
      if (origin === undefined || !allowed.has(origin)) return false;
      res.setHeader('Access-Control-Allow-Origin', origin);
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
        res.statusCode = 204;
        res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
        res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
        res.end();
        return true;
      }
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return false;
    },
  };
}
