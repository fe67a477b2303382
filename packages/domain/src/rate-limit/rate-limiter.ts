import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';

/** Where a caller stands in its current window, for the RateLimit response headers. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

export interface RateLimitDecision extends RateLimitState {
  allowed: boolean;
}

export interface RateLimiter {
  /**
   * Charges `cost` units (one per operation the request asks for) to the subject's budget of
   * `limit` units per window (the key's own limit, or the service's), all or nothing: a request
   * costing more than what is left is refused and charges nothing. A limiter may answer
   * asynchronously (a budget shared through a database).
   */
  consume(subject: string, cost: number, limit: number): RateLimitDecision | Promise<RateLimitDecision>;
}

/** The refusal of a request that costs more than what is left of its key's budget. */
export function rateLimitedError(state: RateLimitState): DomainError {
  return new DomainError(
    'rate_limited',
    `rate limit of ${state.limit} operations per ${state.windowSeconds} s exceeded for this API key; retry in ${state.resetSeconds} s`,
    { retryAfterSeconds: state.resetSeconds },
  );
}

export interface FixedWindowOptions {
  windowSeconds: number;
  clock: Clock;
}

/**
 * A fixed-window counter per subject (an API key), kept in this process: with several instances
 * behind a load balancer each one enforces the budget on its own share of the traffic.
 * One limiter serves every door and is charged per operation, so switching door or batching buys nothing.
 */
export class FixedWindowRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly windowMs: number;
  private lastSweep = 0;

  constructor(private readonly options: FixedWindowOptions) {
    this.windowMs = options.windowSeconds * 1000;
  }

  /** A limit changed within a window (a key updated) applies to what the window has already counted. */
  consume(subject: string, cost: number, limit: number): RateLimitDecision {
    const now = this.options.clock.now().getTime();
    this.sweep(now);
    const start = now - (now % this.windowMs);
    let window = this.windows.get(subject);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(subject, window);
    }
    const allowed = window.count + cost <= limit;
    if (allowed) window.count += cost;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: secondsToWindowEnd(now, this.windowMs),
      windowSeconds: this.options.windowSeconds,
    };
  }

  /** Forgets windows that have ended, at most once per window, so idle keys cost no memory. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [subject, window] of this.windows) {
      if (window.start + this.windowMs <= now) this.windows.delete(subject);
    }
  }
}

/** Seconds until the fixed window holding `now` ends, at least 1 (for Retry-After and RateLimit-Reset). */
export function secondsToWindowEnd(now: number, windowMs: number): number {
  const end = now - (now % windowMs) + windowMs;
  return Math.max(1, Math.ceil((end - now) / 1000));
}
