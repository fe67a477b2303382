import { CATALOGUE } from '../operations/catalogue.js';
import {
  UNKNOWN_OPERATION,
  USAGE_OUTCOMES,
  type UsageBucket,
  type UsageDoor,
  type UsageFilter,
  type UsageGranularity,
  type UsageOperation,
  type UsageOutcome,
} from './ports.js';

/** One bucket's calls by outcome: every outcome is there, 0 when none. */
export type OutcomeCounts = Record<UsageOutcome, number>;

/** The calls of one key, operation and door in one hour or day. */
export interface UsageRow {
  start: Date;
  keyId: string;
  operation: UsageOperation;
  door: UsageDoor;
  calls: number;
  outcomes: OutcomeCounts;
}

/** One key's calls over the whole span, and how many of them were of a deprecated operation. */
export interface KeyUsage {
  keyId: string;
  calls: number;
  deprecatedCalls: number;
}

/** getUsage's answer: the span read (whole buckets), rows oldest first, and each key's totals. */
export interface UsageReport {
  granularity: UsageGranularity;
  from: Date;
  to: Date;
  rows: UsageRow[];
  keys: KeyUsage[];
}

/** Groups one account's stored buckets (one per outcome) into rows of all outcomes, and totals per key. */
export function usageReport(filter: UsageFilter, buckets: readonly UsageBucket[]): UsageReport {
  const rows = new Map<string, UsageRow>();
  const keys = new Map<string, KeyUsage>();
  for (const bucket of buckets) {
    const id = `${bucket.start.toISOString()}|${bucket.keyId}|${bucket.operation}|${bucket.door}`;
    let row = rows.get(id);
    if (row === undefined) {
      const { start, keyId, operation, door } = bucket;
      row = { start, keyId, operation, door, calls: 0, outcomes: noOutcomes() };
      rows.set(id, row);
    }
    row.calls += bucket.count;
    row.outcomes[bucket.outcome] += bucket.count;
    let key = keys.get(bucket.keyId);
    if (key === undefined) {
      key = { keyId: bucket.keyId, calls: 0, deprecatedCalls: 0 };
      keys.set(bucket.keyId, key);
    }
    key.calls += bucket.count;
    if (bucket.operation !== UNKNOWN_OPERATION && CATALOGUE[bucket.operation].deprecation !== undefined) key.deprecatedCalls += bucket.count;
  }
  return {
    granularity: filter.granularity,
    from: filter.from,
    to: filter.to,
    rows: [...rows.values()].sort(byRow),
    keys: [...keys.values()].sort((a, b) => compare(a.keyId, b.keyId)),
  };
}

function noOutcomes(): OutcomeCounts {
  return Object.fromEntries(USAGE_OUTCOMES.map((outcome) => [outcome, 0])) as OutcomeCounts;
}

function byRow(a: UsageRow, b: UsageRow): number {
  return a.start.getTime() - b.start.getTime() || compare(a.keyId, b.keyId) || compare(a.operation, b.operation) || compare(a.door, b.door);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
