import type { LoadResult } from './load.js';
import { median, medianPairedRatio } from './stats.js';
import type { TargetSpec } from './target-spec.js';

/** What became of one target in a run. */
export interface TargetOutcome {
  spec: TargetSpec;
  status: 'measured' | 'skipped' | 'failed';
  /** Why it was skipped or failed. */
  note?: string;
  /** One entry per round, in round order; undefined for a round it did not run in. */
  rounds: (LoadResult | undefined)[];
  peakRssBytes?: number;
  /** What the seeded embedded store retains per pet (scaling targets), and the name's part of it. */
  heapBytesPerPet?: number;
  nameBytesPerPet?: number;
  seedMs?: number;
}

/** Medians over rounds of a target's figures, with its ratios to the baseline. */
export type TargetSummary = Pick<
  LoadResult,
  'p50Ms' | 'p99Ms' | 'serverCpu' | 'serverCpuUsPerRequest' | 'dbCpu' | 'dbCpuUsPerRequest' | 'loadCpu'
> & {
  rps: number;
  /** Median per-round req/s ratio to the baseline; NaN without one. */
  rpsRatio: number;
  /** Median per-round p50 ratio to the baseline; NaN without one. */
  p50Ratio: number;
  /** Median per-round p99 / p50: how far the slowest answers trail the typical one. */
  tailRatio: number;
};

const metric = (outcome: TargetOutcome | undefined, pick: (r: LoadResult) => number) =>
  (outcome?.rounds ?? []).map((round) => (round ? pick(round) : undefined));

const defined = (values: (number | undefined)[]) => values.filter((v): v is number => v !== undefined);

/** Medians over rounds, and ratios to the baseline paired round by round. */
export function summarize(outcome: TargetOutcome, baseline: TargetOutcome | undefined): TargetSummary {
  const usable = baseline?.status === 'measured' ? baseline : undefined;
  return {
    rps: median(defined(metric(outcome, (r) => r.requestsPerSecond))),
    p50Ms: median(defined(metric(outcome, (r) => r.p50Ms))),
    p99Ms: median(defined(metric(outcome, (r) => r.p99Ms))),
    serverCpu: median(defined(metric(outcome, (r) => r.serverCpu))),
    serverCpuUsPerRequest: median(defined(metric(outcome, (r) => r.serverCpuUsPerRequest))),
    dbCpu: median(defined(metric(outcome, (r) => r.dbCpu))),
    dbCpuUsPerRequest: median(defined(metric(outcome, (r) => r.dbCpuUsPerRequest))),
    loadCpu: median(defined(metric(outcome, (r) => r.loadCpu))),
    rpsRatio: usable
      ? medianPairedRatio(
          metric(outcome, (r) => r.requestsPerSecond),
          metric(usable, (r) => r.requestsPerSecond),
        )
      : Number.NaN,
    p50Ratio: usable
      ? medianPairedRatio(
          metric(outcome, (r) => r.p50Ms),
          metric(usable, (r) => r.p50Ms),
        )
      : Number.NaN,
    tailRatio: medianPairedRatio(
      metric(outcome, (r) => r.p99Ms),
      metric(outcome, (r) => r.p50Ms),
    ),
  };
}

/** req/s of `a` over req/s of `b`, paired round by round (for ratios between two targets). */
export function pairedRpsRatio(a: TargetOutcome | undefined, b: TargetOutcome | undefined): number {
  if (a?.status !== 'measured' || b?.status !== 'measured') return Number.NaN;
  return medianPairedRatio(
    metric(a, (r) => r.requestsPerSecond),
    metric(b, (r) => r.requestsPerSecond),
  );
}

/**
 * CPU cost per request of `b` over that of `a`, paired round by round: the req/s ratio a/b would
 * have if both servers had their core to themselves (for MongoDB targets, the Node process only).
 */
export function pairedCostRatio(a: TargetOutcome | undefined, b: TargetOutcome | undefined): number {
  if (a?.status !== 'measured' || b?.status !== 'measured') return Number.NaN;
  return medianPairedRatio(
    metric(b, (r) => r.serverCpuUsPerRequest),
    metric(a, (r) => r.serverCpuUsPerRequest),
  );
}

/**
 * p99 / p50 of `a` over p99 / p50 of `b`, paired round by round: how much longer `a`'s tail is than
 * `b`'s under the same machine at the same time (the machine's own tail cancels out).
 */
export function pairedTailRatio(a: TargetOutcome | undefined, b: TargetOutcome | undefined): number {
  if (a?.status !== 'measured' || b?.status !== 'measured') return Number.NaN;
  const tail = (outcome: TargetOutcome) => metric(outcome, (r) => r.p99Ms / r.p50Ms);
  return medianPairedRatio(tail(a), tail(b));
}

/** p50 of `a` over p50 of `b`, paired round by round. */
export function pairedP50Ratio(a: TargetOutcome | undefined, b: TargetOutcome | undefined): number {
  if (a?.status !== 'measured' || b?.status !== 'measured') return Number.NaN;
  return medianPairedRatio(
    metric(a, (r) => r.p50Ms),
    metric(b, (r) => r.p50Ms),
  );
}
