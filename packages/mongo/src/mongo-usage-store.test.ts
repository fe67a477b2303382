import { defineUsageStoreSuite } from '@petstore/testing';
import { describe } from 'vitest';
import { MongoUsageStore } from './mongo-usage-store.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoDB usage buckets', () => {
  defineUsageStoreSuite('MongoDB', async () => {
    const database = await connectTestDatabase();
    // Three more processes' stores over the same database: each writes parts of its own.
    const peers = [new MongoUsageStore(database.db), new MongoUsageStore(database.db), new MongoUsageStore(database.db)];
    return { usage: database.usage, peers, close: database.drop };
  });
});
