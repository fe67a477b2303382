import { defineUsageStoreSuite } from '@petstore/testing';
import { MemoryUsageStore } from './memory-usage-store.js';

defineUsageStoreSuite('memory', async () => {
  const usage = new MemoryUsageStore();
  return { usage, peers: [usage], close: async () => {} };
});
