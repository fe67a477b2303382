import type { OperationName, UsageBucket, UsageDoor, UsageGranularity, UsageOutcome } from '@petstore/domain';

/**
 * One usage bucket: the calls of one key, operation, door and outcome in one UTC hour or day. Its
 * `_id` is the bucket's key (granularity, start, key, operation, door, outcome), so the unique
 * index every collection has on `_id` makes two instances' upserts of the same new bucket one
 * bucket, and the `$inc` of each lands in it.
 */
export interface UsageDocument {
  _id: string;
  accountId: string;
  keyId: string;
  operation: OperationName;
  door: UsageDoor;
  outcome: UsageOutcome;
  granularity: UsageGranularity;
  start: Date;
  count: number;
}

export function usageDocumentId(bucket: Omit<UsageBucket, 'accountId' | 'count'>): string {
  return `${bucket.granularity}|${bucket.start.toISOString()}|${bucket.keyId}|${bucket.operation}|${bucket.door}|${bucket.outcome}`;
}

export function fromUsageDocument({ accountId, keyId, operation, door, outcome, granularity, start, count }: UsageDocument): UsageBucket {
  return { accountId, keyId, operation, door, outcome, granularity, start, count };
}
