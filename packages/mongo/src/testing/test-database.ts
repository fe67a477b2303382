import type {} from '@petstore/testdb/global-setup';
import { uniqueName } from '@petstore/testing';
import { inject } from 'vitest';
import { connectMongo, type MongoConnection, type MongoOptions } from '../connect.js';

/** The test server's URI, or null when none is available and database tests must skip. */
export const mongodbUri = inject('mongodbUri');

export interface TestDatabase extends MongoConnection {
  /** Drops the database and closes the connection. */
  drop: () => Promise<void>;
}

/** Connects to a database of its own, so concurrent test files never see each other's data. */
export async function connectTestDatabase(options: Partial<MongoOptions> = {}): Promise<TestDatabase> {
  if (mongodbUri === null) throw new Error('no test database: guard the suite with describe.skipIf(!mongodbUri)');
  const connection = await connectMongo({ uri: mongodbUri, dbName: uniqueName('petstore_test'), ...options });
  return {
    ...connection,
    drop: async () => {
      await connection.db.dropDatabase();
      await connection.close();
    },
  };
}
