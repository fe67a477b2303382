#!/usr/bin/env node
import { formatCount } from './format.js';
import { log } from './log.js';
import { collectGarbage, seedMeasured } from './store-heap.js';

/**
 * What the embedded store retains per pet at scale: `node --expose-gc dist/heap-per-pet.js [count]`
 * (`pnpm --filter @petstore/bench heap`), one million pets by default.
 */
const count = Number(process.argv[2] ?? 1_000_000);
if (!Number.isSafeInteger(count) || count <= 0) throw new Error(`the pet count must be a positive integer, not ${process.argv[2]}`);

const cost = await seedMeasured(count);
if (Number.isNaN(cost.heapBytesPerPet)) throw new Error('run node with --expose-gc');
const page = await cost.store.list({ limit: 20, afterId: Math.floor(count / 2) });
if (page.length !== Math.min(20, count - Math.floor(count / 2))) throw new Error('the seeded store does not list its pets');
// What a large store costs the collector: a full mark-compact with the store alive.
const gcStarted = performance.now();
collectGarbage();
const fullGcMs = (performance.now() - gcStarted) / 2;
log(
  `${formatCount(count)} pets: ${cost.heapBytesPerPet.toFixed(1)} bytes per pet (heap + array buffers), ` +
    `of which the name ${cost.nameBytesPerPet.toFixed(1)}, the store itself ${(cost.heapBytesPerPet - cost.nameBytesPerPet).toFixed(1)}; ` +
    `seeded in ${(cost.seedMs / 1000).toFixed(2)} s; a full GC then takes ${fullGcMs.toFixed(1)} ms`,
);
