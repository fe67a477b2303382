import { describe, expect, it } from 'vitest';
import { SortedIds } from './sorted-ids.js';

const filled = (ids: number[]): SortedIds => {
  const sorted = new SortedIds();
  for (const id of ids) sorted.add(id);
  return sorted;
};

describe('SortedIds', () => {
  it('keeps ids in ascending order when they arrive out of order', () => {
    expect(filled([5, 1, 9, 3, 7, 2]).page(undefined, 10)).toEqual([1, 2, 3, 5, 7, 9]);
  });

  it('counts every id added', () => {
    expect(filled([4, 2, 8]).size).toBe(3);
  });

  it('pages from the first id greater than afterId, whether or not afterId is present', () => {
    const sorted = filled([10, 20, 30, 40, 50]);
    expect(sorted.page(20, 2)).toEqual([30, 40]);
    expect(sorted.page(25, 2)).toEqual([30, 40]);
    expect(sorted.page(0, 2)).toEqual([10, 20]);
  });

  it('returns an empty page after the last id and a short page near the end', () => {
    const sorted = filled([10, 20, 30]);
    expect(sorted.page(30, 5)).toEqual([]);
    expect(sorted.page(10, 5)).toEqual([20, 30]);
  });

  it('returns an empty page when empty', () => {
    expect(new SortedIds().page(undefined, 5)).toEqual([]);
  });
});
