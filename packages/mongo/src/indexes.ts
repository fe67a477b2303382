import type { Db } from 'mongodb';
import { apiKeysCollection, petsCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';

/** Creates the indexes every query relies on; safe to call on every start (creation is idempotent). */
export async function ensureIndexes(db: Db): Promise<void> {
  await withDriverErrors(async () => {
    // Serves the status filter in id order, so a filtered page reads only the rows it returns.
    await petsCollection(db).createIndex({ status: 1, _id: 1 }, { name: 'status_id' });
    await apiKeysCollection(db).createIndex({ hash: 1 }, { name: 'hash_unique', unique: true });
    await apiKeysCollection(db).createIndex({ accountId: 1 }, { name: 'account' });
  });
}
