import type { KeyClaim, KeyClaims } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { keyClaimsCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import { fromKeyClaimDocument, toKeyClaimDocument, type KeyClaimDocument } from './key-claim-document.js';

/** createKey claims in MongoDB: the unique index on (accountId, idempotencyKey) lets one insert win for every instance. */
export class MongoKeyClaims implements KeyClaims {
  private readonly claims: Collection<KeyClaimDocument>;

  constructor(db: Db) {
    this.claims = keyClaimsCollection(db);
  }

  claim(claim: KeyClaim): Promise<KeyClaim | null> {
    return withDriverErrors(async () => {
      // A claim can expire between a failed insert and the read; then the next insert wins.
      for (;;) {
        try {
          await this.claims.insertOne(toKeyClaimDocument(claim));
          return null;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        const earlier = await this.claims.findOne({ accountId: { $eq: claim.accountId }, idempotencyKey: { $eq: claim.idempotencyKey } });
        if (earlier) return fromKeyClaimDocument(earlier);
      }
    });
  }
}
