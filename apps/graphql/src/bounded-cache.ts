/**
 * A map of at most `limit` entries, for what clients send over and over (document texts): past
 * the limit the oldest entry goes, so a client sending endless new documents costs a bounded
 * amount of memory and pushes out the documents in use only until they are sent again.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }
}
