import type {
  AuditLog,
  Clock,
  IdempotencyStore,
  IdSource,
  KeyClaims,
  KeyTagSecretStore,
  PeopleStore,
  PetStore,
  RateLimiter,
  UsageStore,
} from '@petstore/domain';
import type { WritableKeyStore } from '@petstore/domain/key-writes';
import {
  MemoryAuditLog,
  MemoryIdempotencyStore,
  MemoryKeyClaims,
  MemoryKeyStore,
  MemoryKeyTagSecrets,
  MemoryPeopleStore,
  MemoryPetStore,
  MemoryUsageStore,
} from '@petstore/memory';
import type { Config } from './config.js';

export interface Stores {
  kind: 'memory' | 'mongodb';
  pets: PetStore;
  ids: IdSource;
  /** Accounts and their keys; keys are written only by the key service (KeyService). */
  keys: WritableKeyStore;
  /** The append-only trail of changes to accounts, keys and people. */
  audit: AuditLog;
  idempotency: IdempotencyStore;
  /** The management API's createKey claims on Idempotency-Keys. */
  keyClaims: KeyClaims;
  /** The secret keys are tagged under when PETSTORE_KEY_TAG_SECRETS names none: one per database, or per process on the embedded store. */
  keyTagSecrets: KeyTagSecretStore;
  /** People, their memberships, invitations, sessions, one-time links and passkeys. */
  people: PeopleStore;
  /** Metered calls in hour and day buckets (docs/usage.md). */
  usage: UsageStore;
  /** A limiter whose budget every instance on the store shares; absent on the embedded store. */
  sharedRateLimiter: ((window: { windowSeconds: number; clock: Clock }) => RateLimiter) | undefined;
  /**
   * `target` with every promise-returning method failing as service_unavailable past
   * MONGODB_TIMEOUT_MS in all (unchanged on the embedded store): an operation making several
   * database calls is bounded as one.
   */
  bound: <T extends object>(target: T) => T;
  ready: () => Promise<boolean>;
  close: () => Promise<void>;
}

/** MongoDB when MONGODB_URI is set; otherwise the embedded store, which lives only in this process. */
export async function openStores(config: Config, clock: Clock): Promise<Stores> {
  if (config.MONGODB_URI) {
    // Loaded only when used, and so after tracing has started: the driver's instrumentation hooks
    // `require` and cannot see a driver that was loaded before it.
    const { connectMongo, withDeadline } = await import('@petstore/mongo');
    const mongo = await connectMongo({
      uri: config.MONGODB_URI,
      dbName: config.MONGODB_DB,
      // One bound for every database wait: a request meets an unreachable or hung database as a
      // 503 after this long, not the driver's 30 s.
      timeoutMS: config.MONGODB_TIMEOUT_MS,
      maxPoolSize: config.MONGODB_MAX_POOL_SIZE,
    });
    return {
      kind: 'mongodb',
      pets: mongo.pets,
      ids: mongo.ids,
      keys: mongo.keys,
      audit: mongo.audit,
      idempotency: mongo.idempotency,
      keyClaims: mongo.keyClaims,
      keyTagSecrets: mongo.keyTagSecrets,
      people: mongo.people,
      usage: mongo.usage,
      sharedRateLimiter: mongo.sharedRateLimiter,
      bound: (target) => withDeadline(target, config.MONGODB_TIMEOUT_MS),
      ready: () =>
        mongo.ping().then(
          () => true,
          () => false,
        ),
      close: () => mongo.close(),
    };
  }
  return memoryStores(clock);
}

/** The embedded store; a caller may hand it pets it seeded itself (the benchmark does). */
export function memoryStores(clock: Clock, pets: MemoryPetStore = new MemoryPetStore()): Stores {
  return {
    kind: 'memory',
    pets,
    ids: pets,
    keys: new MemoryKeyStore(),
    audit: new MemoryAuditLog(),
    idempotency: new MemoryIdempotencyStore(clock),
    keyClaims: new MemoryKeyClaims(clock),
    keyTagSecrets: new MemoryKeyTagSecrets(),
    people: new MemoryPeopleStore(),
    usage: new MemoryUsageStore(),
    sharedRateLimiter: undefined,
    bound: (target) => target,
    ready: async () => true,
    close: async () => {},
  };
}
