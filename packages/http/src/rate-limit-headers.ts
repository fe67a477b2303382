import type { RateLimitState } from '@petstore/domain';

/**
 * The current IETF draft's `RateLimit`/`RateLimit-Policy` fields, and the older
 * `RateLimit-Limit/-Remaining/-Reset` trio that most client libraries still read.
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"per-key";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"per-key";r=${state.remaining};t=${state.resetSeconds}`,
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}
