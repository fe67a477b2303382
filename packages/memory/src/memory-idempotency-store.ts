import type { Clock, IdempotencyRecord, IdempotencyStore } from '@petstore/domain';

/** Records older than this are forgotten, as MongoDB's TTL index does for the database store. */
const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Most records kept: past it the oldest are forgotten first, so the memory they take stays bounded
 * (about 0.35 KB each with 36-character keys, 0.7 KB with 255-character ones: 7 MB at most) however
 * many creates a client sends with a fresh key each. A key is then honoured for 24 hours or for
 * the next 10,000 idempotent creates of any client, whichever ends first.
 */
export const MAX_IDEMPOTENCY_RECORDS = 10_000;

/** What is kept per account and key: the account and key are the map's key, not repeated here. */
interface Kept {
  fingerprint: string;
  petId: number;
  createdAt: number;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, Kept>();

  constructor(private readonly clock: Clock) {}

  async claim(record: IdempotencyRecord): Promise<IdempotencyRecord | null> {
    this.forgetExpired(this.clock.now().getTime());
    const id = JSON.stringify([record.accountId, record.key]);
    const earlier = this.records.get(id);
    if (earlier) return { accountId: record.accountId, key: record.key, ...earlier, createdAt: new Date(earlier.createdAt) };
    this.records.set(id, { fingerprint: record.fingerprint, petId: record.petId, createdAt: record.createdAt.getTime() });
    this.forgetBeyondBound();
    return null;
  }

  /** The map keeps insertion order, which is claim order: expired records are all at its front. */
  private forgetExpired(now: number): void {
    for (const [id, record] of this.records) {
      if (now - record.createdAt < TTL_MS) return;
      this.records.delete(id);
    }
  }

  private forgetBeyondBound(): void {
    for (const id of this.records.keys()) {
      if (this.records.size <= MAX_IDEMPOTENCY_RECORDS) return;
      this.records.delete(id);
    }
  }
}
