import { withRoom } from './typed-arrays.js';

/**
 * Rows of a table kept in ascending order of their pet ids, so the row of an id, and a page after
 * any id, are found by binary search: O(log n), and O(log n + limit) for a page. Four bytes a row.
 */
export class SortedRows {
  private rows = new Uint32Array(0);
  private count = 0;

  constructor(private readonly idOf: (row: number) => number) {}

  get size(): number {
    return this.count;
  }

  add(row: number): void {
    const id = this.idOf(row);
    this.rows = withRoom(this.rows, this.count + 1);
    // Ids arrive in increasing order almost always; the shift only handles a racing insert.
    const at = this.count === 0 || id > this.idOf(this.rows[this.count - 1] as number) ? this.count : this.search(id, true);
    this.rows.copyWithin(at + 1, at, this.count);
    this.rows[at] = row;
    this.count += 1;
  }

  /** The row holding `id`, or -1. */
  find(id: number): number {
    const at = this.search(id, true);
    const row = this.rows[at] as number;
    return at < this.count && this.idOf(row) === id ? row : -1;
  }

  /** Up to `limit` rows whose ids are greater than `afterId`, in id order. */
  page(afterId: number | undefined, limit: number): number[] {
    const start = afterId === undefined ? 0 : this.search(afterId, false);
    const end = Math.min(start + limit, this.count);
    const rows: number[] = [];
    for (let at = start; at < end; at += 1) rows.push(this.rows[at] as number);
    return rows;
  }

  /** The first position whose id is greater than `id`, or equal to it when `orEqual`. */
  private search(id: number, orEqual: boolean): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const at = this.idOf(this.rows[mid] as number);
      if (at < id || (at === id && !orEqual)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
