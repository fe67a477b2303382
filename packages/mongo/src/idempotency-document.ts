import type { IdempotencyRecord } from '@petstore/domain';
import type { Long } from 'mongodb';
import { idFromLong, toLong } from './int64.js';

/** One document per account and key: the compound `_id` is what makes the claim a unique insert. */
export interface IdempotencyDocument {
  _id: { accountId: string; key: string };
  fingerprint: string;
  petId: Long;
  createdAt: Date;
}

export function toIdempotencyDocument(record: IdempotencyRecord): IdempotencyDocument {
  return {
    _id: { accountId: record.accountId, key: record.key },
    fingerprint: record.fingerprint,
    petId: toLong(record.petId),
    createdAt: record.createdAt,
  };
}

export function fromIdempotencyDocument(document: IdempotencyDocument): IdempotencyRecord {
  return {
    accountId: document._id.accountId,
    key: document._id.key,
    fingerprint: document.fingerprint,
    petId: idFromLong(document.petId),
    createdAt: document.createdAt,
  };
}
