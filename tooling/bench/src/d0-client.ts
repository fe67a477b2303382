import { createServer, type IncomingMessage } from 'node:http';
import { Long, MongoClient, type Collection, type MongoClientOptions } from 'mongodb';
import { benchPet, LIST_SIZE } from './pets.js';
import { closeServer, listenOnLoopback, serveUntilStopped } from './servers/ipc.js';

export interface D0Client {
  client: MongoClient;
  dbName: string;
}

/**
 * The driver client of a driver-only baseline: the driver's defaults for D0 itself, or with
 * BENCH_CLIENT_OPTIONS=service the options the gateway's client gets from the same environment
 * (write concern majority with journaling, read concern majority, retries, pool size and time-outs:
 * packages/mongo/src/client-options.ts, as packages/runtime/src/stores.ts calls it).
 */
export async function connectD0Client(env: Record<string, string | undefined>): Promise<D0Client> {
  const uri = env['MONGODB_URI'];
  const dbName = env['BENCH_DB'];
  if (!uri || !dbName) throw new Error('a driver-only baseline needs MONGODB_URI and BENCH_DB');
  const options = env['BENCH_CLIENT_OPTIONS'] === 'service' ? await serviceOptions(env) : {};
  return { client: await new MongoClient(uri, options).connect(), dbName };
}

// Loaded only for this variant, so D0 itself stays node:http and the bare driver.
async function serviceOptions(env: Record<string, string | undefined>): Promise<MongoClientOptions> {
  const [{ clientOptions }, { loadConfig }] = await Promise.all([import('@petstore/mongo'), import('@petstore/runtime')]);
  const config = loadConfig({ ...env, PORT: '0' });
  return clientOptions({ timeoutMS: config.MONGODB_TIMEOUT_MS, maxPoolSize: config.MONGODB_MAX_POOL_SIZE });
}

/**
 * Serves a driver-only baseline until the bench stops it: each request answered with `status`
 * and what `answer` resolves to as JSON, or a bare 500 should the driver fail; the client is
 * closed with the server.
 */
export async function serveD0(client: MongoClient, status: number, answer: (req: IncomingMessage) => Promise<unknown>): Promise<void> {
  const server = createServer((req, res) => {
    answer(req)
      .then((value) => {
        const body = JSON.stringify(value);
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(500).end();
      });
  });
  serveUntilStopped({ type: 'ready', port: await listenOnLoopback(server) }, async () => {
    await closeServer(server);
    await client.close();
  });
}

/** A pet as the MongoDB adapter stores it (int64 id and category); read back with the driver's default options, as numbers. */
export interface PetRow {
  _id: number | Long;
  name: string;
  categoryId: number | Long;
  status?: string;
}

/** The references' `pets` collection, holding the bench's 20 pets (stored as the service stores them) when it was empty. */
export async function seededPets(client: D0Client): Promise<Collection<PetRow>> {
  const pets = client.client.db(client.dbName).collection<PetRow>('pets');
  if ((await pets.countDocuments({})) === 0) {
    await pets.insertMany(
      Array.from({ length: LIST_SIZE }, (_, i) => {
        const pet = benchPet(i + 1);
        return { _id: Long.fromNumber(i + 1), name: pet.name, categoryId: Long.fromNumber(pet.categoryId), status: pet.status };
      }),
    );
  }
  return pets;
}

/** The id after the highest stored, for references that insert pets. */
export async function nextPetId(pets: Collection<PetRow>): Promise<number> {
  const [highest] = await pets.find({}, { projection: { _id: 1 }, sort: { _id: -1 }, limit: 1 }).toArray();
  return highest ? Number(highest._id) + 1 : 1;
}

/**
 * The list every door's MongoDB store runs (`find({})` sorted by `_id`, one more than a page to
 * know whether another follows), with sort and limit as find's options as the store passes them,
 * answered as the contract's pets.
 */
export async function listPets(pets: Collection<PetRow>): Promise<{ id: number; name: string; categoryId: number; status?: string }[]> {
  const rows = await pets.find({}, LIST_OPTIONS).toArray();
  return rows.slice(0, LIST_SIZE).map((row) => ({ id: Number(row._id), name: row.name, categoryId: Number(row.categoryId), status: row.status }));
}

const LIST_OPTIONS = { sort: { _id: 1 }, limit: LIST_SIZE + 1 } as const;
