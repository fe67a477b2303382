import type { Clock, KeyClaim, KeyClaims } from '@petstore/domain';
import { ClaimBook } from './claim-book.js';

/** The embedded store's createKey claims: in this process only, forgotten after 24 hours (see ClaimBook). */
export class MemoryKeyClaims implements KeyClaims {
  private readonly book: ClaimBook<KeyClaim>;

  constructor(clock: Clock) {
    this.book = new ClaimBook(clock);
  }

  async claim(claim: KeyClaim): Promise<KeyClaim | null> {
    const earlier = this.book.claim(claim.accountId, claim.idempotencyKey, { ...claim, createdAt: new Date(claim.createdAt) });
    return earlier && { ...earlier, createdAt: new Date(earlier.createdAt) };
  }
}
