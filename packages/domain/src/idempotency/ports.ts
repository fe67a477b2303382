/** Remembers which pet a client's Idempotency-Key created, so a retried create returns it again. */
export interface IdempotencyRecord {
  /** Whose key it is: keys of different accounts never collide. */
  accountId: string;
  key: string;
  /** Hash of the request it came with: the same key with another body is refused. */
  fingerprint: string;
  petId: number;
  createdAt: Date;
}

export interface IdempotencyStore {
  /**
   * Stores the record unless one exists for the same account and key, and returns the one that
   * was there first (null when this one was stored). Must be a single atomic insert.
   */
  claim(record: IdempotencyRecord): Promise<IdempotencyRecord | null>;
}
