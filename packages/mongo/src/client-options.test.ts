import { describe, expect, it } from 'vitest';
import { clientOptions } from './client-options.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

describe('clientOptions', () => {
  it('asks for majority, journaled writes, majority reads, one retry, and the configured pool and time-outs', () => {
    expect(clientOptions({ timeoutMS: 3000, maxPoolSize: 20 })).toEqual({
      writeConcern: { w: 'majority', journal: true, wtimeoutMS: 3000 },
      readConcern: { level: 'majority' },
      retryWrites: true,
      retryReads: true,
      maxPoolSize: 20,
      serverSelectionTimeoutMS: 3000,
      connectTimeoutMS: 3000,
      socketTimeoutMS: 3000,
      waitQueueTimeoutMS: 3000,
    });
  });
});

/**
 * The one place that says what the test server cannot honour. FerretDB 1.x (SQLite) is a single
 * server, not a replica set: it accepts `w: "majority"`, `j: true` and `readConcern: majority` but
 * has no majority to wait for, the driver retries writes only on replica sets and sharded clusters,
 * and it has no TTL indexes (expired idempotency records and rate leases stay; see indexes.ts).
 * The client asks for all of it anyway, so a real replica set under the same tests honours it.
 */
describe.skipIf(!mongodbUri)('the settings on the test server', () => {
  it('are asked for by the connected client, and accepted by the server whether or not it can honour them', async () => {
    const database = await connectTestDatabase();
    try {
      const { options } = database.client;
      expect(options.writeConcern).toMatchObject({ w: 'majority', journal: true });
      expect(options.readConcern).toMatchObject({ level: 'majority' });
      expect(options).toMatchObject({ retryWrites: true, retryReads: true });
      const written = await database.db.collection('settings').insertOne({ name: 'majority' });
      expect(written.acknowledged).toBe(true);
      expect(await database.db.collection('settings').findOne({ _id: written.insertedId })).toMatchObject({ name: 'majority' });
    } finally {
      await database.drop();
    }
  });
});
