import { describe, expect, it } from 'vitest';
import { SortedRows } from './sorted-rows.js';

/** An index over rows whose ids are given in row order. */
const indexed = (ids: number[]): SortedRows => {
  const rows = new SortedRows((row) => ids[row] as number);
  ids.forEach((_, row) => rows.add(row));
  return rows;
};

const idsOf = (rows: number[], ids: number[]) => rows.map((row) => ids[row]);

describe('SortedRows', () => {
  it('keeps rows in ascending id order when ids arrive out of order', () => {
    const ids = [5, 1, 9, 3, 7, 2];
    expect(idsOf(indexed(ids).page(undefined, 10), ids)).toEqual([1, 2, 3, 5, 7, 9]);
  });

  it('counts every row added, past the first growth of its array', () => {
    const ids = Array.from({ length: 200 }, (_, i) => (i * 37) % 200);
    const rows = indexed(ids);
    expect(rows.size).toBe(200);
    expect(idsOf(rows.page(undefined, 200), ids)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('finds the row of an id, and -1 for an id it does not hold', () => {
    const ids = [40, 10, 30, 20];
    const rows = indexed(ids);
    expect(rows.find(30)).toBe(2);
    expect(rows.find(10)).toBe(1);
    expect(rows.find(25)).toBe(-1);
    expect(rows.find(50)).toBe(-1);
    expect(rows.find(5)).toBe(-1);
    expect(new SortedRows(() => 0).find(1)).toBe(-1);
  });

  it('pages from the first id greater than afterId, whether or not afterId is present', () => {
    const ids = [10, 20, 30, 40, 50];
    const rows = indexed(ids);
    expect(idsOf(rows.page(20, 2), ids)).toEqual([30, 40]);
    expect(idsOf(rows.page(25, 2), ids)).toEqual([30, 40]);
    expect(idsOf(rows.page(0, 2), ids)).toEqual([10, 20]);
  });

  it('returns an empty page after the last id and a short page near the end', () => {
    const ids = [10, 20, 30];
    const rows = indexed(ids);
    expect(rows.page(30, 5)).toEqual([]);
    expect(idsOf(rows.page(10, 5), ids)).toEqual([20, 30]);
  });

  it('returns an empty page when empty', () => {
    expect(new SortedRows(() => 0).page(undefined, 5)).toEqual([]);
  });
});
