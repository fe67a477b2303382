import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPetstoreRestClient } from '@petstore/client';
import type {} from '@petstore/testdb/global-setup';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectD0Client, listPets, seededPets, type D0Client } from './d0-client.js';
import { buildL0 } from './l0-app.js';
import { leanEnvelope } from './lean-envelope.js';
import { MongoShelf } from './mongo-shelf.js';
import { benchPet, LIST_SIZE } from './pets.js';

const mongodbUri = inject('mongodbUri');
const API_KEY = 'psk_mongo-shelf-test-key';

// L0 on MongoDB as servers/l0.ts starts it when the bench gives it a database: the driver with the service's client options.
describe.skipIf(!mongodbUri)('L0 on MongoDB (mongodb.l0, mongodb.l0.create)', () => {
  let database: D0Client;
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const env = { MONGODB_URI: mongodbUri ?? '', BENCH_DB: `bench_test_${randomBytes(6).toString('hex')}`, BENCH_CLIENT_OPTIONS: 'service' };
    database = await connectD0Client(env);
    const shelf = await MongoShelf.open(await seededPets(database));
    const logger = pino({ level: 'silent' });
    const handle = buildL0(leanEnvelope({ apiKey: API_KEY, budget: { limit: 1000, windowSeconds: 60 }, logger }), shelf).callback();
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });

  afterAll(async () => {
    await close?.();
    await database?.client.db(database.dbName).dropDatabase();
    await database?.client.close();
  });

  it("answers @petstore/client's list with the bench's 20 pets from the database, and its create with 201 and a stored pet", async () => {
    const client = createPetstoreRestClient({ baseUrl: `${baseUrl}/v1`, apiKey: API_KEY });
    const list = await client.GET('/pets');
    expect(list.data).toEqual(
      Array.from({ length: LIST_SIZE }, (_, i) => ({ id: i + 1, ...benchPet(i + 1), categoryId: BigInt(benchPet(i + 1).categoryId) })),
    );
    const created = await client.POST('/pets', { body: { name: 'Rex', categoryId: 4, status: 'pending' } });
    expect(created.response.status).toBe(201);
    expect(created.data).toEqual({ id: LIST_SIZE + 1, name: 'Rex', categoryId: 4n, status: 'pending' });
    const stored = await database.client.db(database.dbName).collection('pets').findOne({ name: 'Rex' });
    expect(stored).toMatchObject({ _id: LIST_SIZE + 1, categoryId: 4, status: 'pending' });
    // A page of 20 still: the 21st pet is the one more the query reads to know that another page follows.
    expect(await listPets(await seededPets(database))).toHaveLength(LIST_SIZE);
  });
});
