import type { Clock } from '../clock/clock.js';
import { secondsToWindowEnd } from '../rate-limit/rate-limiter.js';

export interface FailedKeyThrottleOptions {
  /** Failed key checks an address may make per minute; past it every key check from there is refused. */
  perMinute: number;
  /** Most addresses tracked at once; the oldest are forgotten first. */
  maxAddresses: number;
  clock: Clock;
}

const WINDOW_MS = 60_000;

/**
 * Counts failed key checks (unknown or revoked keys) per client address in fixed one-minute
 * windows, so that guessing keys costs the guesser a wait instead of costing the database a
 * lookup per guess.
 */
export class FailedKeyThrottle {
  private readonly failures = new Map<string, { window: number; count: number }>();

  constructor(private readonly options: FailedKeyThrottleOptions) {}

  /** Seconds to wait before this address may try again, or 0 when it may try now. */
  retryAfterSeconds(address: string): number {
    const entry = this.failures.get(address);
    if (!entry || entry.count < this.options.perMinute) return 0; // the common case, without reading the clock
    const now = this.options.clock.now().getTime();
    if (entry.window !== windowOf(now)) return 0;
    return secondsToWindowEnd(now, WINDOW_MS);
  }

  recordFailure(address: string): void {
    const window = windowOf(this.options.clock.now().getTime());
    const entry = this.failures.get(address);
    if (entry && entry.window === window) {
      entry.count += 1;
      return;
    }
    this.failures.delete(address);
    this.failures.set(address, { window, count: 1 });
    if (this.failures.size > this.options.maxAddresses) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
  }
}

function windowOf(now: number): number {
  return Math.floor(now / WINDOW_MS);
}
