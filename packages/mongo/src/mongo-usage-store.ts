import { bucketStart, type HourCount, type UsageBucket, type UsageFilter, type UsageStore } from '@petstore/domain';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Collection, type Db, type Filter, type WriteError } from 'mongodb';
import { usageCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { fromUsageDocument, usageDocumentId, type UsageDocument } from './usage-document.js';

const DUPLICATE_KEY = 11000;

/** Rounds of retrying the upserts that lost a race to insert a new bucket. */
const MAX_ROUNDS = 5;

/**
 * Usage buckets in MongoDB: each flush is one unordered bulkWrite of `$inc` upserts, one per hour
 * bucket and one per day bucket. Two instances creating the same new bucket at once: one insert
 * wins, the other fails with a duplicate key (FerretDB does not retry such an upsert itself) and is
 * sent again, now finding the bucket to increment. Nothing else is retried here: an upsert the
 * server did not apply makes the whole add fail, and the flusher keeps the counts.
 */
export class MongoUsageStore implements UsageStore {
  private readonly buckets: Collection<UsageDocument>;

  constructor(db: Db) {
    this.buckets = usageCollection(db);
  }

  add(counts: readonly HourCount[]): Promise<void> {
    return withDriverErrors(async () => {
      let pending = counts.flatMap(upserts);
      for (let round = 0; pending.length > 0; round += 1) {
        pending = await this.write(pending, round === MAX_ROUNDS);
      }
    });
  }

  async find(filter: UsageFilter): Promise<UsageBucket[]> {
    const query: Filter<UsageDocument> = {
      accountId: { $eq: filter.accountId },
      granularity: { $eq: filter.granularity },
      start: { $gte: filter.from, $lt: filter.to },
    };
    if (filter.keyId !== undefined) query.keyId = { $eq: filter.keyId };
    if (filter.operation !== undefined) query.operation = { $eq: filter.operation };
    if (filter.door !== undefined) query.door = { $eq: filter.door };
    return withDriverErrors(async () => (await this.buckets.find(query).toArray()).map(fromUsageDocument));
  }

  prune(bounds: { hoursBefore: Date; daysBefore: Date }): Promise<void> {
    return withDriverErrors(async () => {
      await this.buckets.deleteMany({ granularity: { $eq: 'hour' }, start: { $lt: bounds.hoursBefore } });
      await this.buckets.deleteMany({ granularity: { $eq: 'day' }, start: { $lt: bounds.daysBefore } });
    });
  }

  /** Writes the upserts; returns those that lost a race to insert their bucket, to send again. */
  private async write(operations: AnyBulkWriteOperation<UsageDocument>[], last: boolean): Promise<AnyBulkWriteOperation<UsageDocument>[]> {
    try {
      await this.buckets.bulkWrite(operations, { ordered: false });
      return [];
    } catch (error) {
      if (last || !(error instanceof MongoBulkWriteError)) throw error;
      const errors: readonly WriteError[] = error.writeErrors instanceof Array ? error.writeErrors : [error.writeErrors];
      // Any other failure means the counts may not have landed: fail, and let the flusher keep them.
      if (!errors.every((writeError) => writeError.code === DUPLICATE_KEY)) throw error;
      return errors.map((writeError) => operations[writeError.index]).filter((operation) => operation !== undefined);
    }
  }
}

/** The hour bucket's and the day bucket's upsert of one hour's count. */
function upserts(count: HourCount): AnyBulkWriteOperation<UsageDocument>[] {
  const { accountId, keyId, operation, door, outcome } = count;
  return (['hour', 'day'] as const).map((granularity) => {
    const start = new Date(bucketStart(count.hour.getTime(), granularity));
    const _id = usageDocumentId({ keyId, operation, door, outcome, granularity, start });
    return {
      updateOne: {
        filter: { _id },
        update: { $inc: { count: count.count }, $setOnInsert: { accountId, keyId, operation, door, outcome, granularity, start } },
        upsert: true,
      },
    };
  });
}
