import { describe, expect, it } from 'vitest';
import { compareRounds } from './compare-rounds.js';

describe('compareRounds', () => {
  it("gives the medians of the paired rounds' ratios, this build over the other for req/s and the other over this for CPU", () => {
    const mine = [
      { requestsPerSecond: 120, cpuMicrosPerRequest: 80 },
      { requestsPerSecond: 60, cpuMicrosPerRequest: 160 },
      { requestsPerSecond: 130, cpuMicrosPerRequest: 75 },
    ];
    // Round 2 ran on a slow machine for both builds: paired, it still says 1.2.
    const other = [
      { requestsPerSecond: 100, cpuMicrosPerRequest: 100 },
      { requestsPerSecond: 50, cpuMicrosPerRequest: 200 },
      { requestsPerSecond: 100, cpuMicrosPerRequest: 100 },
    ];
    const result = compareRounds(mine, other);
    expect(result.throughput).toBeCloseTo(1.2);
    expect(result.cost).toBeCloseTo(1.25);
  });

  it('says 1 for two builds that cost the same', () => {
    const same = [{ requestsPerSecond: 100, cpuMicrosPerRequest: 90 }];
    expect(compareRounds(same, same)).toEqual({ throughput: 1, cost: 1 });
  });
});
