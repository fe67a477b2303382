import { Long } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MongoIdSource } from './mongo-id-source.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const take = (ids: MongoIdSource, count: number): Promise<number[]> => Promise.all(Array.from({ length: count }, () => ids.next()));

describe.skipIf(!mongodbUri)('MongoIdSource', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });
  const blocks = () => database.db.collection<{ _id: Long; claimedAt: Date }>('id_blocks');

  it('hands out the ids of block b as b*size+1 .. (b+1)*size, starting with block 0', async () => {
    const ids = new MongoIdSource(database.db, 5);
    expect(await take(ids, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('claims one block for many concurrent callers, not one block per caller', async () => {
    await take(new MongoIdSource(database.db, 1000), 1000);
    expect(await blocks().countDocuments()).toBe(1);
  });

  it('steps past blocks that another instance has claimed', async () => {
    await blocks().insertMany([0, 1, 2].map((block) => ({ _id: Long.fromNumber(block), claimedAt: new Date() })));
    expect(await new MongoIdSource(database.db, 10).next()).toBe(31);
  });

  it('gives instances sharing one database disjoint ids while they claim small blocks concurrently', async () => {
    const instances = Array.from({ length: 4 }, () => new MongoIdSource(database.db, 3));
    const issued = (await Promise.all(instances.map((ids) => take(ids, 60)))).flat();
    expect(new Set(issued).size).toBe(issued.length);
  });
});
