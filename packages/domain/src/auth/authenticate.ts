import { DomainError } from '../errors/domain-error.js';
import type { RateLimiter, RateLimitState } from '../rate-limit/rate-limiter.js';
import { hashApiKey } from './api-key.js';
import type { KeyStore } from './ports.js';

export interface Principal {
  accountId: string;
  keyId: string;
  /** Where this key stands in its rate-limit window, when a limiter is configured. */
  rateLimit?: RateLimitState;
}

/** Checks an `Authorization` header value; every door calls this and nothing else. */
export type Authenticate = (authorization: string | undefined) => Promise<Principal>;

// RFC 6750 §2.1: the scheme is case-insensitive and the credential is a token68.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export interface AuthenticatorOptions {
  /** One budget per key, shared by every door because every door calls this function. */
  rateLimiter?: RateLimiter;
}

export function createAuthenticator(keys: KeyStore, options: AuthenticatorOptions = {}): Authenticate {
  return async (authorization) => {
    if (authorization === undefined || authorization.trim() === '') {
      throw new DomainError('unauthorized', 'missing API key: send "Authorization: Bearer <API_KEY>"');
    }
    const match = BEARER.exec(authorization);
    if (!match?.[1]) {
      throw new DomainError('unauthorized', 'malformed Authorization header: expected "Bearer <API_KEY>"');
    }
    const record = await keys.findKeyByHash(hashApiKey(match[1]));
    if (!record || record.revokedAt !== null) {
      throw new DomainError('unauthorized', 'invalid or revoked API key');
    }
    const principal: Principal = { accountId: record.accountId, keyId: record.id };
    if (!options.rateLimiter) return principal;
    const { allowed, ...rateLimit } = options.rateLimiter.consume(record.id);
    if (!allowed) {
      throw new DomainError(
        'rate_limited',
        `rate limit of ${rateLimit.limit} requests per ${rateLimit.windowSeconds} s exceeded for this API key; retry in ${rateLimit.resetSeconds} s`,
        { retryAfterSeconds: rateLimit.resetSeconds, rateLimit },
      );
    }
    return { ...principal, rateLimit };
  };
}
