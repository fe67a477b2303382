/** Ids kept in ascending order, so a page after any id is found by binary search: O(log n + limit). */
export class SortedIds {
  private readonly ids: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  add(id: number): void {
    const last = this.ids.at(-1);
    // Ids arrive in increasing order almost always; the splice only handles a racing insert.
    if (last === undefined || id > last) this.ids.push(id);
    else this.ids.splice(this.firstAbove(id - 1), 0, id);
  }

  /** Up to `limit` ids greater than `afterId`, in order. */
  page(afterId: number | undefined, limit: number): number[] {
    const start = afterId === undefined ? 0 : this.firstAbove(afterId);
    return this.ids.slice(start, start + limit);
  }

  private firstAbove(id: number): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.ids[mid] as number) <= id) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
