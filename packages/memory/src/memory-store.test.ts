import { defineStoreSuite } from '@petstore/testing';
import { systemClock } from '@petstore/domain';
import { MemoryIdempotencyStore } from './memory-idempotency-store.js';
import { MemoryKeyStore } from './memory-key-store.js';
import { MemoryPetStore } from './memory-pet-store.js';

defineStoreSuite('memory', async () => {
  const pets = new MemoryPetStore();
  return { pets, ids: pets, keys: new MemoryKeyStore(), idempotency: new MemoryIdempotencyStore(systemClock), close: async () => {} };
});
