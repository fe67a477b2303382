import { DomainError } from '../errors/domain-error.js';
import type { RateLimitState } from '../rate-limit/rate-limiter.js';
import type { ApiKeyRecord } from './ports.js';

/**
 * A refusal of a key known to be a browser key (its origin, its expiry, its account). The HTTP
 * shell lets the page that sent it read it (CORS), so a frontend developer sees why, not only
 * that a request failed; a refusal of an unknown key stays unreadable to origins not allowed.
 */
export class BrowserKeyRefusal extends DomainError {}

/**
 * A browser key is shipped to every visitor of a page, so what limits it is where it is used:
 * accepted only on a request whose `Origin` (set by the browser, not by the page's script) is one
 * of the key's. The message names the key's origins, never the request's text.
 */
export function requireAllowedOrigin(record: ApiKeyRecord, origin: string | undefined): void {
  if (origin !== undefined && record.origins.includes(origin)) return;
  const why = origin === undefined ? 'this request has no Origin header' : "this request's Origin is not one of them";
  throw new BrowserKeyRefusal(
    'forbidden',
    `this key is a browser key (psk_pub_…) for the origins ${record.origins.join(', ')}; ${why}: use it from a page on one of its origins, or a secret key from a server`,
  );
}

/**
 * An origin a browser key may be accepted from, exactly as browsers send it: `https://host[:port]`,
 * lower-case, no path; and, for a developer's own machine, `http://localhost[:port]` or
 * `http://127.0.0.1[:port]` (a dev server's page), which no one else can serve to a visitor.
 */
export const ORIGIN_PATTERN = /^(https:\/\/[a-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1))(:[0-9]{1,5})?$/;

/** The most origins one browser key may list. */
export const MAX_KEY_ORIGINS = 20;

/** The refusal of a browser key's request past what one client address may spend of it (PETSTORE_BROWSER_KEY_CLIENT_LIMIT). */
export function clientRateLimitedError(state: RateLimitState): DomainError {
  return new BrowserKeyRefusal(
    'rate_limited',
    `rate limit of ${state.limit} operations per ${state.windowSeconds} s exceeded for this browser key from this client address; retry in ${state.resetSeconds} s`,
    { retryAfterSeconds: state.resetSeconds },
  );
}
