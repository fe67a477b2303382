import type { KeyStore } from './ports.js';

export interface LastUseOptions {
  keys: Pick<KeyStore, 'recordKeyUse'>;
  /** Most keys remembered; past it the one written earliest is forgotten (and may be written again early). */
  maxKeys: number;
  /** Told of a write that failed; the request that caused it has long gone on. */
  onError?: (error: unknown) => void;
}

/** At most one write per key per instance in this time. */
export const LAST_USE_INTERVAL_MS = 60_000;

/**
 * Keeps each key's `lastUsedAt` to within a minute without a database write per request: the
 * first use of a key writes, and the next write of that key from this instance waits until a
 * minute has passed. The write is started and left to run: a request never waits for it and
 * never fails because of it (a failed write is retried on the first use a minute later).
 */
export class LastUseRecorder {
  private readonly written = new Map<string, number>();

  constructor(private readonly options: LastUseOptions) {}

  /** The key was accepted at `now` (the instant its expiry was judged against). */
  used(keyId: string, now: Date): void {
    const last = this.written.get(keyId);
    if (last !== undefined && now.getTime() - last < LAST_USE_INTERVAL_MS) return;
    this.written.delete(keyId);
    this.written.set(keyId, now.getTime());
    if (this.written.size > this.options.maxKeys) {
      const oldest = this.written.keys().next();
      if (!oldest.done) this.written.delete(oldest.value);
    }
    // Started on the next microtask, so even a store that throws at once cannot touch the request.
    Promise.resolve()
      .then(() => this.options.keys.recordKeyUse(keyId, now))
      .catch((error: unknown) => this.options.onError?.(error));
  }
}
