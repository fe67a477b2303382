import type { Clock } from '@petstore/domain';

/** Claims older than this are forgotten, as MongoDB's TTL index does for the database store. */
export const CLAIM_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Most claims kept: past it the oldest are forgotten first, so the memory they take stays bounded
 * (a few MB) however many creates clients send with a fresh Idempotency-Key each. A key is then
 * honoured for 24 hours or for the next 10,000 claims, whichever ends first.
 */
export const MAX_CLAIMS = 10_000;

/** Idempotency claims by (account, key): the first claim of each is kept, and answered to the later ones. */
export class ClaimBook<T extends { createdAt: Date }> {
  private readonly claims = new Map<string, T>();

  constructor(private readonly clock: Clock) {}

  /** Keeps `value` unless (accountId, key) was claimed already; returns the earlier claim, or null. */
  claim(accountId: string, key: string, value: T): T | null {
    this.forgetExpired(this.clock.now().getTime());
    const id = JSON.stringify([accountId, key]);
    const earlier = this.claims.get(id);
    if (earlier) return earlier;
    this.claims.set(id, value);
    this.forgetBeyondBound();
    return null;
  }

  /** The map keeps insertion order, which is claim order: expired claims are all at its front. */
  private forgetExpired(now: number): void {
    for (const [id, claim] of this.claims) {
      if (now - claim.createdAt.getTime() < CLAIM_TTL_MS) return;
      this.claims.delete(id);
    }
  }

  private forgetBeyondBound(): void {
    for (const id of this.claims.keys()) {
      if (this.claims.size <= MAX_CLAIMS) return;
      this.claims.delete(id);
    }
  }
}
