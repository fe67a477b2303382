import { DomainError } from '@petstore/domain';
import { MongoClient, type Db } from 'mongodb';
import { withDriverErrors } from './driver-errors.js';
import { ensureIndexes } from './indexes.js';
import { watchMonitor } from './monitor-watchdog.js';
import { MongoIdempotencyStore } from './mongo-idempotency-store.js';
import { MongoIdSource } from './mongo-id-source.js';
import { MongoKeyStore } from './mongo-key-store.js';
import { MongoPetStore } from './mongo-pet-store.js';

export interface MongoOptions {
  uri: string;
  dbName: string;
  /** How long an operation waits for a reachable server before failing as unavailable. Default 5000. */
  serverSelectionTimeoutMS?: number;
  /**
   * How long connecting, and then waiting for any one reply on an open connection, may take before
   * the operation fails as unavailable. Default: the server selection timeout. Without it a database
   * that stops answering (a hung host, a dropped network) would hold requests for the driver's
   * defaults: 30 s to connect, and no limit on a reply.
   */
  socketTimeoutMS?: number;
  /** Ids claimed per block by this instance. Default 1000. */
  idBlockSize?: number;
}

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  pets: MongoPetStore;
  ids: MongoIdSource;
  keys: MongoKeyStore;
  idempotency: MongoIdempotencyStore;
  /** Resolves when the database answers; rejects with `service_unavailable` otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_SERVER_SELECTION_TIMEOUT_MS = 5000;

/** Connects, creates the indexes, and returns the three stores over one client. */
export async function connectMongo(options: MongoOptions): Promise<MongoConnection> {
  let client: MongoClient;
  const selection = options.serverSelectionTimeoutMS ?? DEFAULT_SERVER_SELECTION_TIMEOUT_MS;
  const socket = options.socketTimeoutMS ?? selection;
  try {
    client = new MongoClient(options.uri, {
      serverSelectionTimeoutMS: selection,
      connectTimeoutMS: socket,
      socketTimeoutMS: socket,
      // A request waiting for a pooled connection is bounded the same way.
      waitQueueTimeoutMS: selection,
    });
  } catch (error) {
    // Thrown while parsing the URI, by the driver or by its URL parser (whose errors are not MongoErrors).
    throw new DomainError('internal_error', 'the database connection string is not valid', { cause: error });
  }
  try {
    await withDriverErrors(() => client.connect());
    const db = client.db(options.dbName);
    await ensureIndexes(db);
    const watchdog = watchMonitor(client, { connectTimeoutMS: socket });
    return {
      client,
      db,
      pets: new MongoPetStore(db),
      ids: new MongoIdSource(db, options.idBlockSize),
      keys: new MongoKeyStore(db),
      idempotency: new MongoIdempotencyStore(db),
      ping: () => withDriverErrors(async () => void (await db.command({ ping: 1 }))),
      close: async () => {
        watchdog.stop();
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
