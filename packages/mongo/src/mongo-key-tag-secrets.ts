import type { KeyTagSecretStore } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { secretsCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import type { KeyTagSecretDocument } from './key-tag-secret-document.js';

const KEY_TAG = { _id: { $eq: 'key-tag' as const } };

/**
 * The key tag secret in MongoDB: inserted once under a fixed `_id`, so instances starting together
 * on an empty database all read back the one insert that won (a unique-key insert, atomic on every
 * MongoDB-compatible server).
 */
export class MongoKeyTagSecrets implements KeyTagSecretStore {
  private readonly secrets: Collection<KeyTagSecretDocument>;

  constructor(db: Db) {
    this.secrets = secretsCollection(db);
  }

  claim(candidate: string): Promise<string> {
    return withDriverErrors(async () => {
      // Should the stored one be deleted between a failed insert and the read, the next insert wins.
      for (;;) {
        try {
          await this.secrets.insertOne({ _id: 'key-tag', secret: candidate, createdAt: new Date() });
          return candidate;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        const stored = await this.secrets.findOne(KEY_TAG);
        if (stored) return stored.secret;
      }
    });
  }

  find(): Promise<string | null> {
    return withDriverErrors(async () => (await this.secrets.findOne(KEY_TAG))?.secret ?? null);
  }
}
