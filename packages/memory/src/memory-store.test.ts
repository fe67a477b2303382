import { defineStoreSuite } from '@petstore/testing';
import { MemoryKeyStore } from './memory-key-store.js';
import { MemoryPetStore } from './memory-pet-store.js';

defineStoreSuite('memory', async () => {
  const pets = new MemoryPetStore();
  return { pets, ids: pets, keys: new MemoryKeyStore(), close: async () => {} };
});
