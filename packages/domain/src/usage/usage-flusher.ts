import type { Clock } from '../clock/clock.js';
import { DAY_BUCKET_DAYS, DAY_MS, HOUR_BUCKET_DAYS, HOUR_MS, type UsageStore } from './ports.js';
import type { UsageMeter } from './usage-meter.js';

export interface UsageFlusherOptions {
  meter: UsageMeter;
  store: UsageStore;
  clock: Clock;
  /** At most this often; 10 s by default (docs/usage.md: what a crash can lose). */
  intervalMs?: number;
  /** A flush or prune that failed; its counts are kept for the next flush. */
  onError: (error: unknown, step: 'flush' | 'prune') => void;
}

/**
 * Writes what the meter counted, every `intervalMs` and once more on close, one flush at a time. A
 * flush that fails puts its counts back into the meter for the next. No TTL index removes old
 * buckets (FerretDB has none), so after a flush, at most once an hour, this instance prunes hour
 * buckets past HOUR_BUCKET_DAYS and day buckets past DAY_BUCKET_DAYS.
 */
export class UsageFlusher {
  readonly #options: UsageFlusherOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: UsageFlusherOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.flush(), this.#options.intervalMs ?? 10_000);
    // Counting must never keep a process alive that has nothing else to do.
    this.#timer.unref();
  }

  /** Writes what was counted so far, after any flush already under way. */
  flush(): Promise<void> {
    this.#running = this.#running.then(() => this.#flushOnce());
    return this.#running;
  }

  /** Stops the timer and writes what is left: the runtime's close path, after the server stopped answering. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #flushOnce(): Promise<void> {
    const { meter, store, onError } = this.#options;
    const counts = meter.take();
    if (counts.length > 0) {
      try {
        await store.add(counts);
      } catch (error) {
        meter.putBack(counts);
        onError(error, 'flush');
        return;
      }
    }
    await this.#pruneHourly();
  }

  async #pruneHourly(): Promise<void> {
    const now = this.#options.clock.now().getTime();
    if (now - this.#prunedAt < HOUR_MS) return;
    this.#prunedAt = now;
    try {
      await this.#options.store.prune({
        hoursBefore: new Date(now - HOUR_BUCKET_DAYS * DAY_MS),
        daysBefore: new Date(now - DAY_BUCKET_DAYS * DAY_MS),
      });
    } catch (error) {
      this.#options.onError(error, 'prune');
    }
  }
}
