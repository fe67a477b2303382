import type { UsageOperation, UsageBucket, UsageDoor, UsageGranularity, UsageOutcome } from '@petstore/domain';

/**
 * One instance's part of a usage bucket: the calls of one key, operation, door and outcome in one
 * UTC hour or day, as one writer (a MongoUsageStore, one per process) counted them. Its `_id` is
 * the bucket's key and the writer's id: each document has one writer, whose adds run one after
 * another, because FerretDB applies `$inc` as a read and a write that concurrent writers can
 * interleave (the usage store suite's concurrency test lost counts that way). Reading sums the
 * parts of each bucket.
 */
export interface UsageDocument {
  _id: string;
  accountId: string;
  keyId: string;
  operation: UsageOperation;
  door: UsageDoor;
  outcome: UsageOutcome;
  granularity: UsageGranularity;
  start: Date;
  writer: string;
  count: number;
}

/** A bucket's identity, whichever writer counted it. */
export function usageBucketKey(bucket: Omit<UsageBucket, 'accountId' | 'count'>): string {
  return `${bucket.granularity}|${bucket.start.toISOString()}|${bucket.keyId}|${bucket.operation}|${bucket.door}|${bucket.outcome}`;
}

export function fromUsageDocument({ accountId, keyId, operation, door, outcome, granularity, start, count }: UsageDocument): UsageBucket {
  return { accountId, keyId, operation, door, outcome, granularity, start, count };
}
