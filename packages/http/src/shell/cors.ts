import type { IncomingMessage } from 'node:http';
import { isUnder } from '../door/under-prefix.js';
import type { HeaderList } from '../exchange/answer-head.js';
import type { Exchange } from '../exchange/exchange.js';

/** What a browser page on an allowed origin may send and read: every method and header of the pet doors. */
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

export interface CorsOptions {
  /** Origins allowed whatever the key (PETSTORE_CORS_ORIGINS), on every path but the same-origin ones. */
  origins: readonly string[];
  /** Where browser keys are accepted (the pet doors): preflights from any origin, and answers judged by the key. */
  browserKeyDoors?: readonly string[];
  /** Paths no other origin may call (the management API, which sessions use): no CORS headers at all. */
  sameOriginOnly?: readonly string[];
}

/** What CORS does for one request, decided once its path and headers are known. */
export interface CorsDecision {
  /** The CORS headers every answer to the request carries. */
  headers: HeaderList;
  /** The answer to a preflight the shell answers itself; undefined for any other request. */
  preflight: HeaderList | undefined;
  /** For an origin the key decides: the headers that let the page read the answer, once the key is known. */
  byKey: ((exchange: Exchange) => HeaderList) | undefined;
}

export interface CorsPolicy {
  decide(req: IncomingMessage, path: string): CorsDecision;
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
const NO_CORS: CorsDecision = { headers: NONE, preflight: undefined, byKey: undefined };
const VARIES: CorsDecision = { headers: VARY_ORIGIN, preflight: undefined, byKey: undefined };

/**
 * An origin as a browser sends it, bounded, before it is echoed in a header: scheme, host (or an
 * IPv6 literal) and port only. A page on any origin may call a pet door; nothing else is echoed.
 */
const ECHOABLE_ORIGIN = /^https?:\/\/[A-Za-z0-9.\-[\]:]{1,260}$/;

/**
 * CORS for exact origins (no wildcard, no credentials: keys travel in a header, not a cookie).
 * A listed origin (PETSTORE_CORS_ORIGINS) may read every answer, as for a secret key. At the pet
 * doors, a preflight from any origin is answered without a key, since the key, not the origin,
 * decides: an answer is readable by the page when the request's key is a browser key (accepted for
 * that origin, or refused as one, so the page can read why); a secret key's answers stay hidden
 * from origins not listed. The same-origin paths (the management API) get no CORS headers at all.
 */
export function corsPolicy(options: CorsOptions): CorsPolicy {
  const listed = new Set(options.origins);
  const browserKeyDoors = options.browserKeyDoors ?? [];
  const sameOriginOnly = options.sameOriginOnly ?? [];
  return {
    decide(req, path) {
      if (underAny(path, sameOriginOnly)) return NO_CORS;
      const origin = req.headers.origin;
      const petDoor = underAny(path, browserKeyDoors);
      if (origin !== undefined && listed.has(origin)) return allowed(origin, isPreflight(req));
      if (!petDoor) return listed.size === 0 ? NO_CORS : VARIES;
      if (origin === undefined || !ECHOABLE_ORIGIN.test(origin)) return VARIES;
      if (isPreflight(req)) return allowed(origin, true);
      return { headers: VARY_ORIGIN, preflight: undefined, byKey: readableByBrowserKey };
    },
  };
}

/** A loop, not `some`: this runs on every request, and a closure per call would be an allocation per request. */
function underAny(path: string, prefixes: readonly string[]): boolean {
  for (const prefix of prefixes) if (isUnder(path, prefix)) return true;
  return false;
}

function allowed(origin: string, preflight: boolean): CorsDecision {
  return preflight
    ? { headers: ['Vary', 'Origin', 'Access-Control-Allow-Origin', origin], preflight: PREFLIGHT, byKey: undefined }
    : { headers: ['Vary', 'Origin', ...readable(origin)], preflight: undefined, byKey: undefined };
}

function readable(origin: string): HeaderList {
  return ['Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', EXPOSED_HEADERS];
}

/** The key check accepted a browser key for the request's origin, or refused a known browser key. */
function readableByBrowserKey(exchange: Exchange): HeaderList {
  const origin = exchange.header('origin');
  return exchange.keyKind === 'browser' && origin !== undefined ? readable(origin) : NONE;
}

function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}
