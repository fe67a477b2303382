import type { KeyClaim, KeyClaims } from '../keys/key-claims.js';

/** The smallest createKey claims, for unit tests: the first claim of an (account, Idempotency-Key) stays. */
export class MapKeyClaims implements KeyClaims {
  claims = new Map<string, KeyClaim>();
  async claim(claim: KeyClaim) {
    const id = JSON.stringify([claim.accountId, claim.idempotencyKey]);
    const earlier = this.claims.get(id);
    if (earlier) return { ...earlier };
    this.claims.set(id, { ...claim });
    return null;
  }
}
