import type { KeyClaim } from '@petstore/domain';

/** One createKey claim per account and Idempotency-Key, kept unique by the `account_key_unique` index. */
export interface KeyClaimDocument {
  _id: string;
  accountId: string;
  idempotencyKey: string;
  fingerprint: string;
  keyId: string;
  createdAt: Date;
}

export function toKeyClaimDocument(claim: KeyClaim): KeyClaimDocument {
  // The key id is unique already, and names the claim in the collection.
  return { _id: claim.keyId, ...claim };
}

export function fromKeyClaimDocument({ accountId, idempotencyKey, fingerprint, keyId, createdAt }: KeyClaimDocument): KeyClaim {
  return { accountId, idempotencyKey, fingerprint, keyId, createdAt };
}
