import type { Clock } from '../clock/clock.js';
import { secondsToWindowEnd } from '../rate-limit/rate-limiter.js';
import { clientOfAddress } from './client-of-address.js';

export interface FailedKeyThrottleOptions {
  /** Failed key checks a client may make per minute; past it every key check from there is refused. */
  perMinute: number;
  /** Most clients whose failures are remembered at once; the oldest are forgotten first. */
  maxAddresses: number;
  clock: Clock;
}

/** A key check admitted by the throttle, holding a place in its client's allowance until it settles. */
export interface PendingKeyCheck {
  /** The key was unknown or revoked: the place stays taken, as a failure of this minute. */
  failed(): void;
  /** The key was good, or the lookup gave no answer: the place is given back. */
  release(): void;
}

export type KeyCheckAdmission = { admitted: true; check: PendingKeyCheck } | { admitted: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;

/**
 * Counts failed key checks (unknown or revoked keys) per client (see clientOfAddress) in fixed
 * one-minute windows, so that guessing keys costs the guesser a wait instead of costing the
 * database a lookup per guess. Each process counts on its own.
 *
 * A check is counted when it is admitted, before its lookup is awaited, and given back when the
 * key turns out good: checks under way take places as failures do, so concurrent guesses cannot
 * all pass the same count (docs/architecture.md: counted before the first await). Checks of one key
 * under way from one client share one place: a busy client sending its good key many times at
 * once is one check, not a flood of guesses.
 */
export class FailedKeyThrottle {
  private readonly failures = new Map<string, { window: number; count: number }>();
  /** Per client, the keys (by hash) whose checks are under way, and how many requests share each. */
  private readonly underWay = new Map<string, Map<string, number>>();

  constructor(private readonly options: FailedKeyThrottleOptions) {}

  /** Admits a check of the key with this hash from this address, or says how long to wait. */
  admit(address: string, keyHash: string): KeyCheckAdmission {
    const client = clientOfAddress(address);
    const checks = this.underWay.get(client) ?? new Map<string, number>();
    const sharing = checks.get(keyHash) ?? 0;
    if (sharing === 0) {
      const wait = this.retryAfterSeconds(client, checks.size);
      if (wait > 0) return { admitted: false, retryAfterSeconds: wait };
    }
    checks.set(keyHash, sharing + 1);
    this.underWay.set(client, checks);
    let settled = false;
    const settle = (failed: boolean): void => {
      if (settled) return;
      settled = true;
      this.leave(client, keyHash);
      if (failed) this.recordFailure(client);
    };
    return { admitted: true, check: { failed: () => settle(true), release: () => settle(false) } };
  }

  private retryAfterSeconds(client: string, checksUnderWay: number): number {
    const entry = this.failures.get(client);
    if ((entry?.count ?? 0) + checksUnderWay < this.options.perMinute) return 0; // the common case, without reading the clock
    const now = this.options.clock.now().getTime();
    const failed = entry?.window === windowOf(now) ? entry.count : 0;
    return failed + checksUnderWay < this.options.perMinute ? 0 : secondsToWindowEnd(now, WINDOW_MS);
  }

  private leave(client: string, keyHash: string): void {
    const checks = this.underWay.get(client);
    const sharing = checks?.get(keyHash) ?? 0;
    if (sharing > 1) checks?.set(keyHash, sharing - 1);
    else checks?.delete(keyHash);
    if (checks?.size === 0) this.underWay.delete(client);
  }

  private recordFailure(client: string): void {
    const window = windowOf(this.options.clock.now().getTime());
    const entry = this.failures.get(client);
    if (entry && entry.window === window) {
      entry.count += 1;
      return;
    }
    this.failures.delete(client);
    this.failures.set(client, { window, count: 1 });
    if (this.failures.size > this.options.maxAddresses) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
  }
}

function windowOf(now: number): number {
  return Math.floor(now / WINDOW_MS);
}
