import type { Clock, IdempotencyStore, IdSource, KeyStore, PetStore } from '@petstore/domain';
import { MemoryIdempotencyStore, MemoryKeyStore, MemoryPetStore } from '@petstore/memory';
import { connectMongo } from '@petstore/mongo';
import type { Config } from './config.js';

export interface Stores {
  kind: 'memory' | 'mongodb';
  pets: PetStore;
  ids: IdSource;
  keys: KeyStore;
  idempotency: IdempotencyStore;
  ready: () => Promise<boolean>;
  close: () => Promise<void>;
}

/** MongoDB when MONGODB_URI is set; otherwise the embedded store, which lives only in this process. */
export async function openStores(config: Config, clock: Clock): Promise<Stores> {
  if (config.MONGODB_URI) {
    const mongo = await connectMongo({
      uri: config.MONGODB_URI,
      dbName: config.MONGODB_DB,
      // One bound for finding a server, connecting, a pooled connection and each reply: a request
      // meets an unreachable or hung database as a 503 after this long, not the driver's 30 s.
      serverSelectionTimeoutMS: config.MONGODB_TIMEOUT_MS,
      socketTimeoutMS: config.MONGODB_TIMEOUT_MS,
    });
    return {
      kind: 'mongodb',
      pets: mongo.pets,
      ids: mongo.ids,
      keys: mongo.keys,
      idempotency: mongo.idempotency,
      ready: () => mongo.ping().then(() => true, () => false),
      close: () => mongo.close(),
    };
  }
  const pets = new MemoryPetStore();
  return {
    kind: 'memory',
    pets,
    ids: pets,
    keys: new MemoryKeyStore(),
    idempotency: new MemoryIdempotencyStore(clock),
    ready: async () => true,
    close: async () => {},
  };
}
