import { definePeopleStoreSuite } from '@petstore/testing';
import { describe } from 'vitest';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoDB people store', () => {
  definePeopleStoreSuite('MongoDB', async () => {
    const database = await connectTestDatabase();
    return { people: database.people, close: database.drop };
  });
});
