import type { IdempotencyRecord, IdempotencyStore } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { idempotencyCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import { fromIdempotencyDocument, toIdempotencyDocument, type IdempotencyDocument } from './idempotency-document.js';

export class MongoIdempotencyStore implements IdempotencyStore {
  private readonly records: Collection<IdempotencyDocument>;

  constructor(db: Db) {
    this.records = idempotencyCollection(db);
  }

  claim(record: IdempotencyRecord): Promise<IdempotencyRecord | null> {
    return withDriverErrors(async () => {
      const document = toIdempotencyDocument(record);
      // A record can expire between a failed insert and the read; then the next insert wins.
      for (;;) {
        try {
          await this.records.insertOne(document);
          return null;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        const earlier = await this.records.findOne({
          _id: { $eq: { accountId: record.accountId, key: record.key } },
        });
        if (earlier) return fromIdempotencyDocument(earlier);
      }
    });
  }
}
