/**
 * Says yes to the first ask per key in each interval, remembering at most `maxKeys` keys (all are
 * forgotten past it, which at worst lets one more through). Keeps what strangers can trigger on
 * someone's behalf (mail to their address, records in their trail) to one per interval per process.
 */
export class OncePer {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  first(key: string, nowMs: number): boolean {
    const last = this.last.get(key);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    if (this.last.size >= this.maxKeys) this.last.clear();
    this.last.set(key, nowMs);
    return true;
  }
}
