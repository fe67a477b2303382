import type { Clock, IdempotencyRecord, IdempotencyStore } from '@petstore/domain';
import { ClaimBook, MAX_CLAIMS } from './claim-book.js';

/** A pet's Idempotency-Key is honoured for 24 hours or for the next 10,000 idempotent creates, whichever ends first. */
export const MAX_IDEMPOTENCY_RECORDS = MAX_CLAIMS;

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly book: ClaimBook<IdempotencyRecord>;

  constructor(clock: Clock) {
    this.book = new ClaimBook(clock);
  }

  async claim(record: IdempotencyRecord): Promise<IdempotencyRecord | null> {
    const earlier = this.book.claim(record.accountId, record.key, { ...record, createdAt: new Date(record.createdAt) });
    return earlier && { ...earlier, createdAt: new Date(earlier.createdAt) };
  }
}
