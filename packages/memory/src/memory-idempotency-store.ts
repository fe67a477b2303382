import type { Clock, IdempotencyRecord, IdempotencyStore } from '@petstore/domain';

/** Records older than this are forgotten, as MongoDB's TTL index does for the database store. */
const TTL_MS = 24 * 60 * 60 * 1000;

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();

  constructor(private readonly clock: Clock) {}

  async claim(record: IdempotencyRecord): Promise<IdempotencyRecord | null> {
    this.forgetExpired(this.clock.now().getTime());
    const id = JSON.stringify([record.accountId, record.key]);
    const earlier = this.records.get(id);
    if (earlier) return { ...earlier };
    this.records.set(id, { ...record });
    return null;
  }

  /** The map keeps insertion order, which is claim order: expired records are all at its front. */
  private forgetExpired(now: number): void {
    for (const [id, record] of this.records) {
      if (now - record.createdAt.getTime() < TTL_MS) return;
      this.records.delete(id);
    }
  }
}
