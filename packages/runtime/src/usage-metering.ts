import { isDomainError, systemClock, UsageFlusher, UsageMeter, type Clock, type UsageStore } from '@petstore/domain';
import type { PetstoreMetrics } from '@petstore/http';
import type { Logger } from 'pino';

/** How often each instance writes what it counted: what a crash can lose at most (docs/usage.md). */
export const USAGE_FLUSH_INTERVAL_MS = 10_000;

export interface UsageMetering {
  meter: UsageMeter;
  flusher: UsageFlusher;
}

/** The process's usage meter, and its flusher started: counts in memory, written every 10 s and on close. */
export function startUsageMetering(deps: { store: UsageStore; clock: Clock; metrics: PetstoreMetrics; logger: Logger }): UsageMetering {
  const { clock, metrics, logger } = deps;
  // Read once per metered request: the system clock's time without making a Date for it.
  const now = clock === systemClock ? Date.now : () => clock.now().getTime();
  const meter = new UsageMeter({ now, onDropped: (calls) => metrics.usageDropped.inc(calls) });
  const flusher = new UsageFlusher({
    meter,
    store: deps.store,
    clock,
    intervalMs: USAGE_FLUSH_INTERVAL_MS,
    onError: (error, step) => {
      metrics.usageFlushFailures.inc({ step });
      const code = isDomainError(error) ? error.code : 'internal_error';
      if (step === 'flush') logger.warn({ component: 'usage', code }, 'could not write usage; the counts are kept for the next flush');
      else logger.warn({ component: 'usage', code }, 'could not prune old usage buckets; tried again in an hour');
    },
  });
  flusher.start();
  return { meter, flusher };
}
