import { OPERATION_NAMES, type OperationName } from '../operations/catalogue.js';

/** The doors whose calls are metered: the pet operations', where API keys call. */
export const USAGE_DOORS = ['rest', 'graphql', 'trpc'] as const;
export type UsageDoor = (typeof USAGE_DOORS)[number];

/**
 * How a call ended, from its answer's status: `served` (2xx, 3xx), `forbidden` (403, the key lacks
 * the operation's scope), `rate_limited` (429), `client_error` (any other 4xx, 499 for a client that
 * went away), `server_error` (5xx).
 */
export const USAGE_OUTCOMES = ['served', 'forbidden', 'rate_limited', 'client_error', 'server_error'] as const;
export type UsageOutcome = (typeof USAGE_OUTCOMES)[number];

/**
 * What usage counts a call as: its catalogue operation, or `unknown` for a call of something the
 * catalogue does not hold that the envelope charged all the same (a GraphQL root field the schema
 * lacks, refused by validation; introspection in a subscription), so that usage adds up to what
 * keys were charged.
 */
export const UNKNOWN_OPERATION = 'unknown';
export type UsageOperation = OperationName | typeof UNKNOWN_OPERATION;
export const USAGE_OPERATIONS: readonly UsageOperation[] = [...OPERATION_NAMES, UNKNOWN_OPERATION];

/** Buckets: an hour (kept HOUR_BUCKET_DAYS days) or a UTC day (kept DAY_BUCKET_DAYS days). */
export type UsageGranularity = 'hour' | 'day';

/** Hour buckets are kept this long: enough for the last two days at hour granularity, and a week to look back. */
export const HOUR_BUCKET_DAYS = 7;
/** Day buckets are kept this long: the "daily totals for 400 days". */
export const DAY_BUCKET_DAYS = 400;

/** What one bucket counts: the calls of one key, operation, door and outcome in one hour or day. */
export interface UsageTally {
  accountId: string;
  keyId: string;
  operation: UsageOperation;
  door: UsageDoor;
  outcome: UsageOutcome;
}

/** Calls counted in one UTC hour, as an instance hands them to the store. */
export interface HourCount extends UsageTally {
  /** The start of the UTC hour. */
  hour: Date;
  count: number;
}

/** A stored bucket as read back. */
export interface UsageBucket extends UsageTally {
  granularity: UsageGranularity;
  /** The start of the UTC hour or day. */
  start: Date;
  count: number;
}

/** What a reader asks for: one account's buckets of one granularity whose start is in [from, to). */
export interface UsageFilter {
  accountId: string;
  granularity: UsageGranularity;
  from: Date;
  to: Date;
  keyId?: string | undefined;
  operation?: UsageOperation | undefined;
  door?: UsageDoor | undefined;
}

/**
 * Where metered calls are kept. `add` adds each hour's counts to its hour bucket and to its day's
 * bucket, one `$inc` upsert per bucket, and fails as a whole or not at all as far as the caller
 * can tell (see docs/usage.md for what a lost answer means). No TTL index does the pruning (FerretDB
 * has none): the flusher calls `prune`.
 */
export interface UsageStore {
  add(counts: readonly HourCount[]): Promise<void>;
  find(filter: UsageFilter): Promise<UsageBucket[]>;
  /** Removes hour buckets that started before `hoursBefore` and day buckets that started before `daysBefore`. */
  prune(bounds: { hoursBefore: Date; daysBefore: Date }): Promise<void>;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The start of the UTC hour or day `instant` falls in. */
export function bucketStart(instant: number, granularity: UsageGranularity): number {
  const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
  return instant - (((instant % size) + size) % size);
}

/** How a call ended, from the status its request was answered with (499: the client went away first). */
export function usageOutcome(status: number): UsageOutcome {
  if (status < 400) return 'served';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'client_error' : 'server_error';
}
