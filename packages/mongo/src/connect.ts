import { DomainError, type RateLimiter } from '@petstore/domain';
import { MongoClient, type Db } from 'mongodb';
import { clientOptions } from './client-options.js';
import { settleWithin, withDeadline } from './deadline.js';
import { withDriverErrors } from './driver-errors.js';
import { ensureIndexes } from './indexes.js';
import { watchMonitor } from './monitor-watchdog.js';
import { MongoAuditLog } from './mongo-audit-log.js';
import { MongoIdempotencyStore } from './mongo-idempotency-store.js';
import { MongoIdSource } from './mongo-id-source.js';
import { MongoKeyClaims } from './mongo-key-claims.js';
import { MongoKeyStore } from './mongo-key-store.js';
import { MongoKeyTagSecrets } from './mongo-key-tag-secrets.js';
import { MongoPeopleStore } from './mongo-people-store.js';
import { MongoPetStore } from './mongo-pet-store.js';
import { MongoUsageStore } from './mongo-usage-store.js';
import { MongoLeasedRateLimiter, type LeasedRateLimiterOptions } from './mongo-rate-limiter.js';

export interface MongoOptions {
  uri: string;
  dbName: string;
  /**
   * How long any store operation may wait for the database before it fails as unavailable: the
   * driver's own waits (server, connection, pooled connection, reply) and a deadline around the
   * whole operation. Default 5000. Without it a database that stops answering would hold requests
   * for the driver's defaults: 30 s to find a server or connect, and no limit on a reply.
   */
  timeoutMS?: number;
  /** Largest number of connections this instance opens to each server. Default 100 (the driver's). */
  maxPoolSize?: number;
  /** Ids claimed per block by this instance. Default 1000. */
  idBlockSize?: number;
}

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  pets: MongoPetStore;
  ids: MongoIdSource;
  keys: MongoKeyStore;
  audit: MongoAuditLog;
  idempotency: MongoIdempotencyStore;
  /** createKey's Idempotency-Key claims. */
  keyClaims: MongoKeyClaims;
  /** The secret keys are tagged under when the configuration names none (docs/key-tags.md). */
  keyTagSecrets: MongoKeyTagSecrets;
  people: MongoPeopleStore;
  /** Metered calls, in hour and day buckets. */
  usage: MongoUsageStore;
  /** A rate limiter whose budget every instance on this database shares (see MongoLeasedRateLimiter). */
  sharedRateLimiter: (options: LeasedRateLimiterOptions) => RateLimiter;
  /** Resolves when the database answers; rejects with `service_unavailable` otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_POOL_SIZE = 100;

/** Connects, creates the indexes, and returns the stores over one client. */
export async function connectMongo(options: MongoOptions): Promise<MongoConnection> {
  let client: MongoClient;
  const timeoutMS = options.timeoutMS ?? DEFAULT_TIMEOUT_MS;
  try {
    client = new MongoClient(options.uri, clientOptions({ timeoutMS, maxPoolSize: options.maxPoolSize ?? DEFAULT_MAX_POOL_SIZE }));
  } catch (error) {
    // Thrown while parsing the URI, by the driver or by its URL parser (whose errors are not MongoErrors).
    throw new DomainError('internal_error', 'the database connection string is not valid', { cause: error });
  }
  try {
    await withDriverErrors(() => client.connect());
    const db = client.db(options.dbName);
    await ensureIndexes(db);
    const watchdog = watchMonitor(client, { connectTimeoutMS: timeoutMS });
    return {
      client,
      db,
      pets: withDeadline(new MongoPetStore(db), timeoutMS),
      ids: withDeadline(new MongoIdSource(db, options.idBlockSize), timeoutMS),
      keys: withDeadline(new MongoKeyStore(db), timeoutMS),
      audit: withDeadline(new MongoAuditLog(db), timeoutMS),
      idempotency: withDeadline(new MongoIdempotencyStore(db), timeoutMS),
      keyClaims: withDeadline(new MongoKeyClaims(db), timeoutMS),
      keyTagSecrets: withDeadline(new MongoKeyTagSecrets(db), timeoutMS),
      people: withDeadline(new MongoPeopleStore(db), timeoutMS),
      // Off every request's path, and bounded by the driver's timeoutMS: no deadline of its own that
      // could fail a bulkWrite the server then applies, which the flusher would write again.
      usage: new MongoUsageStore(db),
      sharedRateLimiter: (limits) => withDeadline(new MongoLeasedRateLimiter(db, limits), timeoutMS),
      ping: () =>
        settleWithin(
          withDriverErrors(async () => void (await db.command({ ping: 1 }))),
          timeoutMS,
        ),
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
