/** Small statistics over benchmark samples; every function is pure so the tests can pin it down. */

/** The median of some numbers: the mean of the two middle ones for an even count. NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The nearest-rank percentile (q from 0 to 1) of values already sorted ascending: the smallest
 * value with at least q of the samples at or below it. NaN when empty.
 */
export function percentileOfSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (q <= 0) return sorted[0] as number;
  const rank = Math.min(sorted.length, Math.ceil(q * sorted.length));
  return sorted[rank - 1] as number;
}

/** numerator / denominator, or NaN when either is missing or the denominator is not positive. */
export function ratio(numerator: number | undefined, denominator: number | undefined): number {
  if (numerator === undefined || denominator === undefined) return Number.NaN;
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator <= 0) return Number.NaN;
  return numerator / denominator;
}

/**
 * The median of per-round ratios: rounds are paired (a target and its baseline ran one after the
 * other), so drift in machine load during the run cancels out of each ratio before the median.
 * Rounds where either side is missing are left out.
 */
export function medianPairedRatio(numerators: readonly (number | undefined)[], denominators: readonly (number | undefined)[]): number {
  const ratios: number[] = [];
  for (let i = 0; i < numerators.length; i += 1) {
    const value = ratio(numerators[i], denominators[i]);
    if (Number.isFinite(value)) ratios.push(value);
  }
  return median(ratios);
}

/** A growable list of latency samples in milliseconds, kept as doubles without boxing. */
export class SampleBuffer {
  private data = new Float64Array(1 << 14);
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.count === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.count] = value;
    this.count += 1;
  }

  /** A sorted copy of the samples. */
  sorted(): Float64Array {
    return this.data.slice(0, this.count).sort();
  }
}

/** The list started `by` places later, wrapping round: round r of a run starts at target r. */
export function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const start = ((by % items.length) + items.length) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
