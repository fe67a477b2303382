import { Long } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoPetStore documents', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  const rawPet = (id: number) => database.db.collection('pets').findOne({ _id: Long.fromNumber(id) }, { promoteLongs: false });

  it('stores the id and categoryId as BSON Long, exact at the largest safe integer', async () => {
    await database.pets.insert({ id: Number.MAX_SAFE_INTEGER, name: 'Rex', categoryId: Number.MAX_SAFE_INTEGER, status: 'sold' });
    const raw = await rawPet(Number.MAX_SAFE_INTEGER);
    expect(raw?._id).toBeInstanceOf(Long);
    expect(raw?.['categoryId']).toBeInstanceOf(Long);
    expect(String(raw?._id)).toBe(String(Number.MAX_SAFE_INTEGER));
    expect(raw).toMatchObject({ name: 'Rex', status: 'sold' });
  });

  it('stores a categoryId at either end of int64 as a BSON Long with every digit', async () => {
    await database.pets.insert({ id: 2, name: 'Max', categoryId: 2n ** 63n - 1n });
    await database.pets.insert({ id: 3, name: 'Min', categoryId: -(2n ** 63n) });
    expect(String((await rawPet(2))?.['categoryId'])).toBe('9223372036854775807');
    expect(String((await rawPet(3))?.['categoryId'])).toBe('-9223372036854775808');
    expect((await rawPet(3))?.['categoryId']).toBeInstanceOf(Long);
  });

  it('stores no status field for a pet without status', async () => {
    await database.pets.insert({ id: 1, name: 'Rex', categoryId: 2 });
    expect(Object.keys((await rawPet(1)) ?? {}).sort()).toEqual(['_id', 'categoryId', 'name']);
  });

  it('serves the status filter from the status and id index', async () => {
    const indexes = await database.db.collection('pets').indexes();
    expect(indexes.map((index) => index.key)).toContainEqual({ status: 1, _id: 1 });
  });
});
