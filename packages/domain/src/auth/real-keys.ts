/**
 * Hashes of keys the store was found to hold (good, expired, rolled or revoked alike), the most
 * recently seen kept when there are too many. The failed-key throttle lets these through whatever
 * their client's failures: they are real keys, not guesses. A key is never deleted from the store,
 * so a hash stays true once learnt.
 */
export class RealKeys {
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
