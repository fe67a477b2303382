import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { withDriverErrors } from './driver-errors.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

// The pool errors are not exported by the driver, so only the real driver can show what they are.
describe.skipIf(!mongodbUri)('a pool whose only connection stays busy', () => {
  it('fails the operations that waited too long for it as service_unavailable, never as internal_error', async () => {
    const database = await connectTestDatabase();
    const client = new MongoClient(mongodbUri ?? '', { maxPoolSize: 1, waitQueueTimeoutMS: 1 });
    const db = client.db(database.db.databaseName);
    try {
      await database.db.collection('pets').insertOne({ name: 'Rex' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, () => withDriverErrors(() => db.collection('pets').findOne({ name: 'Rex' }))),
      );
      const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      expect(failures.length, 'some operations waited longer than waitQueueTimeoutMS').toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure).toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 2, cause: { name: 'MongoWaitQueueTimeoutError' } });
      }
    } finally {
      await client.close();
      await database.drop();
    }
  });
});
