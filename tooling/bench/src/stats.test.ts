import { describe, expect, it } from 'vitest';
import { median, medianPairedRatio, percentileOfSorted, ratio, rotate, SampleBuffer } from './stats.js';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('percentileOfSorted', () => {
  const hundred = Float64Array.from({ length: 100 }, (_, i) => i + 1);

  it('uses the nearest rank', () => {
    expect(percentileOfSorted(hundred, 0.5)).toBe(50);
    expect(percentileOfSorted(hundred, 0.99)).toBe(99);
    expect(percentileOfSorted(hundred, 1)).toBe(100);
  });

  it('answers the only value of a single sample and NaN for none', () => {
    expect(percentileOfSorted([7], 0.99)).toBe(7);
    expect(percentileOfSorted([], 0.5)).toBeNaN();
  });
});

describe('ratio', () => {
  it('divides, and is NaN for a missing or non-positive denominator', () => {
    expect(ratio(3, 4)).toBe(0.75);
    expect(ratio(3, 0)).toBeNaN();
    expect(ratio(undefined, 4)).toBeNaN();
    expect(ratio(3, Number.NaN)).toBeNaN();
  });
});

describe('medianPairedRatio', () => {
  it('divides round by round before taking the median, so drift between rounds cancels', () => {
    // The machine got twice as slow after the first round; every round's ratio is 0.5.
    expect(medianPairedRatio([50, 25, 25], [100, 50, 50])).toBe(0.5);
  });

  it('leaves out rounds where either side is missing', () => {
    expect(medianPairedRatio([60, undefined, 80], [100, 100, undefined])).toBe(0.6);
  });
});

describe('rotate', () => {
  it('starts round r at item r and wraps round', () => {
    expect(rotate(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotate(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotate(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
    expect(rotate([], 3)).toEqual([]);
  });
});

describe('SampleBuffer', () => {
  it('keeps every sample past its first capacity and sorts them numerically', () => {
    const buffer = new SampleBuffer();
    const count = 40_000;
    for (let i = count; i > 0; i -= 1) buffer.push(i / 10);
    const sorted = buffer.sorted();
    expect(buffer.length).toBe(count);
    expect(sorted[0]).toBe(0.1);
    expect(sorted[count - 1]).toBe(count / 10);
    expect(sorted[9]).toBe(1); // numeric, not lexicographic, order
  });
});
