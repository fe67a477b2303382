import { medianPairedRatio } from './stats.js';

/** One build's figures for one round of compare-builds. */
export interface RoundResult {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

export interface Comparison {
  /** This build's req/s over the other's: above 1, this one is faster. */
  throughput: number;
  /** The other's CPU µs per request over this one's: above 1, this one costs less. */
  cost: number;
}

/** Medians of the rounds' ratios, this build against the other, each round paired. */
export function compareRounds(mine: readonly RoundResult[], other: readonly RoundResult[]): Comparison {
  return {
    throughput: medianPairedRatio(
      mine.map((round) => round.requestsPerSecond),
      other.map((round) => round.requestsPerSecond),
    ),
    cost: medianPairedRatio(
      other.map((round) => round.cpuMicrosPerRequest),
      mine.map((round) => round.cpuMicrosPerRequest),
    ),
  };
}
