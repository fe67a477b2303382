import { describe, expect, it } from 'vitest';
import { callsByKey, series, type UsageRow } from './usage.js';

const row = (start: string, keyId: string, count: number): UsageRow => ({
  start,
  keyId,
  operation: 'listPets',
  door: 'rest',
  outcome: 'served',
  count,
});

describe('usage in the portal', () => {
  it('sums the calls of each key over every operation, door and outcome', () => {
    const rows = [
      row('2026-11-27T04:00:00Z', 'key_a', 3),
      { ...row('2026-11-27T05:00:00Z', 'key_a', 2), door: 'graphql' },
      row('2026-11-27T05:00:00Z', 'key_b', 7),
    ];
    expect(Object.fromEntries(callsByKey(rows))).toEqual({ key_a: 5, key_b: 7 });
  });

  it('gives every hour of the period a point, zero where nothing was called', () => {
    const rows = [row('2026-11-27T02:00:00Z', 'key_a', 4), row('2026-11-27T02:00:00Z', 'key_b', 1)];
    const points = series(rows, new Date('2026-11-27T00:30:00Z'), new Date('2026-11-27T03:10:00Z'), 'hour');
    expect(points.map(({ start, count }) => [start.toISOString(), count])).toEqual([
      ['2026-11-27T00:00:00.000Z', 0],
      ['2026-11-27T01:00:00.000Z', 0],
      ['2026-11-27T02:00:00.000Z', 5],
      ['2026-11-27T03:00:00.000Z', 0],
    ]);
  });
});
