import { describe, expect, it } from 'vitest';
import { breakdown, series, type UsageRow } from './usage.js';

const row = (start: string, keyId: string, calls: number, served = calls): UsageRow => ({
  start,
  keyId,
  operation: 'listPets',
  door: 'rest',
  calls,
  outcomes: { served, forbidden: calls - served, rate_limited: 0, client_error: 0, server_error: 0 },
});

const plain = (points: ReturnType<typeof series>) => points.map(({ start, served, refused }) => [start.toISOString(), served, refused]);

describe('usage in the portal', () => {
  it('gives every hour of the period a point, the calls of every key, operation and door summed, zero where nothing was called', () => {
    const rows = [row('2026-11-27T02:00:00Z', 'key_a', 4), { ...row('2026-11-27T02:00:00Z', 'key_b', 1), door: 'graphql' as const }];
    const points = series(rows, new Date('2026-11-27T00:30:00Z'), new Date('2026-11-27T03:10:00Z'), 'hour');
    expect(plain(points)).toEqual([
      ['2026-11-27T00:00:00.000Z', 0, 0],
      ['2026-11-27T01:00:00.000Z', 0, 0],
      ['2026-11-27T02:00:00.000Z', 5, 0],
      ['2026-11-27T03:00:00.000Z', 0, 0],
    ]);
  });

  it('counts days from UTC midnight', () => {
    const points = series([row('2026-11-26T00:00:00Z', 'key_a', 9)], new Date('2026-11-25T12:00:00Z'), new Date('2026-11-27T01:00:00Z'), 'day');
    expect(plain(points)).toEqual([
      ['2026-11-25T00:00:00.000Z', 0, 0],
      ['2026-11-26T00:00:00.000Z', 9, 0],
      ['2026-11-27T00:00:00.000Z', 0, 0],
    ]);
  });

  it('tells served calls from the rest (refused, limited, failed), which are stacked apart', () => {
    const points = series([row('2026-11-27T01:00:00Z', 'key_a', 7, 5)], new Date('2026-11-27T01:00:00Z'), new Date('2026-11-27T01:10:00Z'), 'hour');
    expect(plain(points)).toEqual([['2026-11-27T01:00:00.000Z', 5, 2]]);
  });

  it('breaks usage down per operation and per key on one scale: the tallest stacked bar of any of them', () => {
    const rows: UsageRow[] = [
      row('2026-11-27T01:00:00Z', 'key_a', 10, 8),
      { ...row('2026-11-27T01:00:00Z', 'key_b', 1), operation: 'getPet' },
      { ...row('2026-11-27T02:00:00Z', 'key_b', 3), operation: 'getPet' },
    ];
    const { total, byOperation, byKey, max } = breakdown(rows, new Date('2026-11-27T01:00:00Z'), new Date('2026-11-27T02:10:00Z'), 'hour');
    expect(plain(total)).toEqual([
      ['2026-11-27T01:00:00.000Z', 9, 2],
      ['2026-11-27T02:00:00.000Z', 3, 0],
    ]);
    expect(byOperation.map(({ name, points }) => [name, plain(points)])).toEqual([
      [
        'getPet',
        [
          ['2026-11-27T01:00:00.000Z', 1, 0],
          ['2026-11-27T02:00:00.000Z', 3, 0],
        ],
      ],
      [
        'listPets',
        [
          ['2026-11-27T01:00:00.000Z', 8, 2],
          ['2026-11-27T02:00:00.000Z', 0, 0],
        ],
      ],
    ]);
    expect(byKey.map(({ name }) => name)).toEqual(['key_a', 'key_b']);
    expect(max).toBe(11);
  });
});
