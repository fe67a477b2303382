import type { Clock } from '../clock/clock.js';
import { secondsToWindowEnd } from '../rate-limit/rate-limiter.js';
import { clientOfAddress } from './client-of-address.js';
import { RecentHashes } from './recent-hashes.js';

export interface FailedKeyThrottleOptions {
  /** Lookups of keys the store does not hold that a client may cause per clock minute before it is held back. */
  perMinute: number;
  /** Most clients whose failures are remembered at once; the oldest are forgotten first. */
  maxAddresses: number;
  /** Most keys remembered as real (found in the store); the least recently seen are forgotten first. */
  maxRealKeys: number;
  clock: Clock;
}

/** A key check admitted by the throttle, settled once by what its lookup found. */
export interface PendingKeyCheck {
  /** The store holds the key (good, expired, rolled or revoked): a real key, never counted as a guess. */
  found(): void;
  /** The store holds no such key: a guess, counted against its client for this minute. */
  failed(): void;
  /** The lookup gave no answer: the place is given back. */
  release(): void;
}

export type KeyCheckAdmission = { admitted: true; check: PendingKeyCheck } | { admitted: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
/** Past its allowance, a client may still have one key this process has not seen looked up this often. */
export const PROBE_INTERVAL_MS = 5_000;

interface ClientEntry {
  window: number;
  failures: number;
  /** When the client may next have an unseen key looked up past its allowance. */
  nextProbeAt: number;
}

/**
 * Keys are 32 random bytes: nobody guesses one, so this protects the DATABASE from lookups of
 * made-up keys, never a key from guessing, and never refuses a real key for its address's failures.
 * Only untagged keys come here: a tag tells the others apart before any lookup (see KeyTags).
 *
 * - A key this process has found in the store (realKeys) is let through whatever its client did.
 * - Any other key is looked up while its client (see clientOfAddress) caused fewer than
 *   `perMinute` lookups of keys the store does not hold this clock minute; past that, one every
 *   PROBE_INTERVAL_MS (so a real key new to this process still gets in), and the rest are
 *   refused without a lookup. At most `perMinute` + 60 s / PROBE_INTERVAL_MS lookups of made-up
 *   keys per client per clock minute, per process (docs/key-throttle.md).
 *
 * A check takes its place when admitted, before its lookup is awaited, and gives it back when the
 * key turns out real: checks under way count as failures do, so concurrent guesses cannot all pass
 * the same count (docs/architecture.md: counted before the first await). Checks of one key under way
 * from one client share one place: a client sending its new key many times at once is one check.
 */
export class FailedKeyThrottle {
  private readonly clients = new Map<string, ClientEntry>();
  /** Per client, the keys (by hash) whose checks are under way, and how many requests share each. */
  private readonly underWay = new Map<string, Map<string, number>>();
  /** Hashes of keys found in the store. */
  private readonly realKeys: RecentHashes;

  constructor(private readonly options: FailedKeyThrottleOptions) {
    this.realKeys = new RecentHashes(options.maxRealKeys);
  }

  /** Admits a check of the key with this hash from this address, or says how long to wait. */
  admit(address: string, keyHash: string): KeyCheckAdmission {
    if (this.realKeys.has(keyHash)) return { admitted: true, check: this.realKeyCheck(address, keyHash) };
    const client = clientOfAddress(address);
    const checks = this.underWay.get(client) ?? new Map<string, number>();
    const sharing = checks.get(keyHash) ?? 0;
    if (sharing === 0) {
      const wait = this.waitBeforeLookup(client, checks.size);
      if (wait > 0) return { admitted: false, retryAfterSeconds: wait };
    }
    checks.set(keyHash, sharing + 1);
    this.underWay.set(client, checks);
    let settled = false;
    const settle = (outcome: 'found' | 'failed' | 'unanswered'): void => {
      if (settled) return;
      settled = true;
      this.leave(client, keyHash);
      if (outcome === 'found') this.realKeys.saw(keyHash);
      if (outcome === 'failed') this.recordFailure(client);
    };
    return { admitted: true, check: { found: () => settle('found'), failed: () => settle('failed'), release: () => settle('unanswered') } };
  }

  /** A known real key takes no place; should the store ever not hold it after all, it counts as a guess. */
  private realKeyCheck(address: string, keyHash: string): PendingKeyCheck {
    return {
      found: () => this.realKeys.saw(keyHash),
      failed: () => this.recordFailure(clientOfAddress(address)),
      release: () => {},
    };
  }

  /** 0 when the check may be looked up now (taking a probe past the allowance), else seconds to wait. */
  private waitBeforeLookup(client: string, checksUnderWay: number): number {
    const entry = this.clients.get(client);
    if ((entry?.failures ?? 0) + checksUnderWay < this.options.perMinute) return 0; // the common case, without reading the clock
    const now = this.options.clock.now().getTime();
    const failures = entry?.window === windowOf(now) ? entry.failures : 0;
    if (failures + checksUnderWay < this.options.perMinute) return 0;
    const probeAt = entry?.nextProbeAt ?? 0;
    if (entry && probeAt <= now) {
      entry.nextProbeAt = now + PROBE_INTERVAL_MS;
      return 0;
    }
    return Math.min(Math.max(1, Math.ceil((probeAt - now) / 1000)), secondsToWindowEnd(now, WINDOW_MS));
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
    const entry = this.clients.get(client);
    if (entry && entry.window === window) {
      entry.failures += 1;
      return;
    }
    this.clients.delete(client);
    this.clients.set(client, { window, failures: 1, nextProbeAt: entry?.nextProbeAt ?? 0 });
    if (this.clients.size > this.options.maxAddresses) {
      const oldest = this.clients.keys().next();
      if (!oldest.done) this.clients.delete(oldest.value);
    }
  }
}

function windowOf(now: number): number {
  return Math.floor(now / WINDOW_MS);
}
