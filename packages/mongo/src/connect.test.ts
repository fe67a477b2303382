import { freePort } from '@petstore/testdb';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { connectMongo } from './connect.js';
import { MongoPetStore } from './mongo-pet-store.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

const UNAVAILABLE = { code: 'service_unavailable', retryAfterSeconds: 2, message: 'the database is unavailable; retry shortly' };

describe('connectMongo', () => {
  it('fails as service_unavailable when no server listens at the address', async () => {
    const uri = `mongodb://127.0.0.1:${await freePort()}/`;
    await expect(connectMongo({ uri, dbName: 'petstore', timeoutMS: 300 })).rejects.toMatchObject(UNAVAILABLE);
  });

  it('fails with its own message, not the driver’s, for a malformed connection string', async () => {
    await expect(connectMongo({ uri: 'postgres://nope', dbName: 'petstore' })).rejects.toMatchObject({
      code: 'internal_error',
      message: 'the database connection string is not valid',
    });
  });

  it.skipIf(!mongodbUri)('answers ping once connected', async () => {
    const database = await connectTestDatabase();
    try {
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.drop();
    }
  });
});

describe('a store whose database is unreachable', () => {
  it('fails its operations as service_unavailable', async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${await freePort()}/`, { serverSelectionTimeoutMS: 300 });
    try {
      await expect(new MongoPetStore(client.db('petstore')).get(1)).rejects.toMatchObject(UNAVAILABLE);
    } finally {
      await client.close();
    }
  });
});
