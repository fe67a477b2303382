import type {} from '@petstore/testdb/global-setup';
import { connectMongo, type MongoConnection } from '@petstore/mongo';
import { uniqueName } from '@petstore/testing';
import { inject } from 'vitest';

/** The test server's URI, or null when none is available and database tests must skip. */
export const mongodbUri = inject('mongodbUri');

/** A database of the test's own, so concurrent test files never see each other's accounts. */
export async function connectTestDatabase(): Promise<MongoConnection & { drop(): Promise<void> }> {
  if (mongodbUri === null) throw new Error('no test database: guard the suite with describe.skipIf(!mongodbUri)');
  const connection = await connectMongo({ uri: mongodbUri, dbName: uniqueName('petstore_cli') });
  return { ...connection, drop: () => connection.db.dropDatabase().then(() => connection.close()) };
}
