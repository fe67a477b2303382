import { describe, expect, it } from 'vitest';
import { series, type UsageRow } from './usage.js';

const row = (start: string, keyId: string, calls: number): UsageRow => ({
  start,
  keyId,
  operation: 'listPets',
  door: 'rest',
  calls,
  outcomes: { served: calls, forbidden: 0, rate_limited: 0, client_error: 0, server_error: 0 },
});

describe('usage in the portal', () => {
  it('gives every hour of the period a point, the calls of every key, operation and door summed, zero where nothing was called', () => {
    const rows = [row('2026-11-27T02:00:00Z', 'key_a', 4), { ...row('2026-11-27T02:00:00Z', 'key_b', 1), door: 'graphql' as const }];
    const points = series(rows, new Date('2026-11-27T00:30:00Z'), new Date('2026-11-27T03:10:00Z'), 'hour');
    expect(points.map(({ start, count }) => [start.toISOString(), count])).toEqual([
      ['2026-11-27T00:00:00.000Z', 0],
      ['2026-11-27T01:00:00.000Z', 0],
      ['2026-11-27T02:00:00.000Z', 5],
      ['2026-11-27T03:00:00.000Z', 0],
    ]);
  });

  it('counts days from UTC midnight', () => {
    const points = series([row('2026-11-26T00:00:00Z', 'key_a', 9)], new Date('2026-11-25T12:00:00Z'), new Date('2026-11-27T01:00:00Z'), 'day');
    expect(points.map(({ start, count }) => [start.toISOString(), count])).toEqual([
      ['2026-11-25T00:00:00.000Z', 0],
      ['2026-11-26T00:00:00.000Z', 9],
      ['2026-11-27T00:00:00.000Z', 0],
    ]);
  });
});
