import type { HourCount, UsageBucket, UsageFilter, UsageGranularity, UsageStore } from '@petstore/domain';
import { bucketStart } from '@petstore/domain';

/** Usage buckets in this process: each hour's counts added to its hour bucket and its day's bucket. */
export class MemoryUsageStore implements UsageStore {
  readonly #buckets = new Map<string, UsageBucket>();

  async add(counts: readonly HourCount[]): Promise<void> {
    for (const count of counts) {
      for (const granularity of ['hour', 'day'] as const) this.#inc(count, granularity);
    }
  }

  async find(filter: UsageFilter): Promise<UsageBucket[]> {
    const found: UsageBucket[] = [];
    for (const bucket of this.#buckets.values()) {
      if (matches(bucket, filter)) found.push({ ...bucket, start: new Date(bucket.start) });
    }
    return found;
  }

  async prune(bounds: { hoursBefore: Date; daysBefore: Date }): Promise<void> {
    for (const [id, bucket] of this.#buckets) {
      const before = bucket.granularity === 'hour' ? bounds.hoursBefore : bounds.daysBefore;
      if (bucket.start.getTime() < before.getTime()) this.#buckets.delete(id);
    }
  }

  #inc(count: HourCount, granularity: UsageGranularity): void {
    const start = new Date(bucketStart(count.hour.getTime(), granularity));
    const id = `${granularity}|${start.toISOString()}|${count.keyId}|${count.operation}|${count.door}|${count.outcome}`;
    const bucket = this.#buckets.get(id);
    if (bucket) bucket.count += count.count;
    else {
      const { accountId, keyId, operation, door, outcome } = count;
      this.#buckets.set(id, { accountId, keyId, operation, door, outcome, granularity, start, count: count.count });
    }
  }
}

function matches(bucket: UsageBucket, filter: UsageFilter): boolean {
  const start = bucket.start.getTime();
  return (
    bucket.accountId === filter.accountId &&
    bucket.granularity === filter.granularity &&
    start >= filter.from.getTime() &&
    start < filter.to.getTime() &&
    (filter.keyId === undefined || bucket.keyId === filter.keyId) &&
    (filter.operation === undefined || bucket.operation === filter.operation) &&
    (filter.door === undefined || bucket.door === filter.door)
  );
}
