/**
 * Hashes of keys of which something was learnt that stays true for the life of the process, the
 * most recently seen kept when there are too many: the failed-key throttle's keys found in the
 * store (good, expired, rolled or revoked alike: a key is never deleted from the store), the key
 * check's keys whose tag was right (the secrets are read once, at start-up).
 */
export class RecentHashes {
  private readonly hashes = new Set<string>();

  constructor(private readonly max: number) {}

  has(hash: string): boolean {
    return this.hashes.has(hash);
  }

  /** Remembers the hash as the most recently seen, forgetting the least recently seen past `max`. */
  saw(hash: string): void {
    this.hashes.delete(hash);
    this.hashes.add(hash);
    if (this.hashes.size > this.max) {
      const oldest = this.hashes.values().next();
      if (!oldest.done) this.hashes.delete(oldest.value);
    }
  }
}
