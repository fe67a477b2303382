import type {} from '@petstore/testdb/global-setup';
import { connectMongo, type MongoConnection } from '@petstore/mongo';
import { uniqueName } from '@petstore/testing';
import { afterAll, beforeAll, inject } from 'vitest';

/** The test server's URI, or null when none is available and database tests must skip. */
export const mongodbUri = inject('mongodbUri');

/** A database of the test's own, so concurrent test files never see each other's accounts. */
export async function connectTestDatabase(): Promise<MongoConnection & { drop(): Promise<void> }> {
  if (mongodbUri === null) throw new Error('no test database: guard the suite with describe.skipIf(!mongodbUri)');
  const connection = await connectMongo({ uri: mongodbUri, dbName: uniqueName('petstore_cli') });
  return { ...connection, drop: () => connection.db.dropDatabase().then(() => connection.close()) };
}

export interface CliDatabase {
  /** The database, open from the block's beforeAll to its afterAll. */
  readonly database: Awaited<ReturnType<typeof connectTestDatabase>>;
  /** What a `petstore` run needs to use it: MONGODB_URI, MONGODB_DB and `extraEnv`. */
  readonly env: Record<string, string>;
}

/** Called in a describe block: a database of the block's own for its tests, dropped after them. */
export function useCliDatabase(extraEnv: Record<string, string> = {}): CliDatabase {
  let database: Awaited<ReturnType<typeof connectTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await connectTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  const open = () => {
    if (database === undefined) throw new Error('the test database is open only while the block runs');
    return database;
  };
  return {
    get database() {
      return open();
    },
    get env() {
      return { MONGODB_URI: mongodbUri ?? '', MONGODB_DB: open().db.databaseName, ...extraEnv };
    },
  };
}
