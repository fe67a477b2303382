import { bucketStart, type HourCount, type UsageBucket, type UsageFilter, type UsageStore } from '@petstore/domain';
import { ObjectId, type AnyBulkWriteOperation, type Collection, type Db, type Filter } from 'mongodb';
import { usageCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { fromUsageDocument, usageBucketKey, type UsageDocument } from './usage-document.js';

/**
 * Usage buckets in MongoDB. Each store (one per process) writes parts of its own, under a writer id
 * made when it starts, and runs its adds one after another: no document ever has two writers, so
 * every `$inc` lands even on FerretDB (see usage-document.ts). An add is one unordered bulkWrite of
 * `$inc` upserts, one per hour bucket and one per day bucket. Reading sums each bucket's parts.
 */
export class MongoUsageStore implements UsageStore {
  private readonly buckets: Collection<UsageDocument>;
  private readonly writer = new ObjectId().toHexString();
  private adding: Promise<unknown> = Promise.resolve();

  constructor(db: Db) {
    this.buckets = usageCollection(db);
  }

  add(counts: readonly HourCount[]): Promise<void> {
    const added = this.adding.then(() => this.write(counts));
    // The next add waits for this one, whether it succeeded or not.
    this.adding = added.catch(() => {});
    return added;
  }

  find(filter: UsageFilter): Promise<UsageBucket[]> {
    const query: Filter<UsageDocument> = {
      accountId: { $eq: filter.accountId },
      granularity: { $eq: filter.granularity },
      start: { $gte: filter.from, $lt: filter.to },
    };
    if (filter.keyId !== undefined) query.keyId = { $eq: filter.keyId };
    if (filter.operation !== undefined) query.operation = { $eq: filter.operation };
    if (filter.door !== undefined) query.door = { $eq: filter.door };
    return withDriverErrors(async () => {
      const buckets = new Map<string, UsageBucket>();
      for (const document of await this.buckets.find(query).toArray()) {
        const part = fromUsageDocument(document);
        const key = usageBucketKey(part);
        const bucket = buckets.get(key);
        if (bucket) bucket.count += part.count;
        else buckets.set(key, part);
      }
      return [...buckets.values()];
    });
  }

  prune(bounds: { hoursBefore: Date; daysBefore: Date }): Promise<void> {
    return withDriverErrors(async () => {
      await this.buckets.deleteMany({ granularity: { $eq: 'hour' }, start: { $lt: bounds.hoursBefore } });
      await this.buckets.deleteMany({ granularity: { $eq: 'day' }, start: { $lt: bounds.daysBefore } });
    });
  }

  private write(counts: readonly HourCount[]): Promise<void> {
    return withDriverErrors(async () => {
      const upserts = this.upserts(counts);
      if (upserts.length > 0) await this.buckets.bulkWrite(upserts, { ordered: false });
    });
  }

  /** One upsert per part: the hours of one day add up into one day part before they are sent. */
  private upserts(counts: readonly HourCount[]): AnyBulkWriteOperation<UsageDocument>[] {
    const parts = new Map<string, Omit<UsageDocument, '_id'>>();
    for (const { hour, count, ...tally } of counts) {
      for (const granularity of ['hour', 'day'] as const) {
        const start = new Date(bucketStart(hour.getTime(), granularity));
        const key = usageBucketKey({ ...tally, granularity, start });
        const part = parts.get(key);
        if (part) part.count += count;
        else parts.set(key, { ...tally, granularity, start, writer: this.writer, count });
      }
    }
    return [...parts].map(([key, { count, ...part }]) => ({
      updateOne: { filter: { _id: `${key}|${this.writer}` }, update: { $inc: { count }, $setOnInsert: part }, upsert: true },
    }));
  }
}
