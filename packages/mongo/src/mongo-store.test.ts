import { defineStoreSuite } from '@petstore/testing';
import { describe } from 'vitest';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoDB adapters', () => {
  defineStoreSuite('MongoDB', async () => {
    const database = await connectTestDatabase();
    return {
      pets: database.pets,
      ids: database.ids,
      keys: database.keys,
      audit: database.audit,
      idempotency: database.idempotency,
      keyClaims: database.keyClaims,
      keyTagSecrets: database.keyTagSecrets,
      close: database.drop,
    };
  });
});
