import { MemoryPetStore } from '@petstore/memory';
import { benchPet } from './pets.js';

/** What seeding the embedded store with `count` pets cost, measured around the store alone. */
export interface SeedCost {
  store: MemoryPetStore;
  seedMs: number;
  /**
   * Growth of the V8 heap plus array buffers (typed arrays live outside the heap) per pet,
   * after a full GC each side; NaN without --expose-gc.
   */
  heapBytesPerPet: number;
  /** The part of it that is the pet's name string, measured alone the same way. */
  nameBytesPerPet: number;
}

/** A full garbage collection, when node runs with --expose-gc. */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}

const retained = (): number => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/** Bytes the name strings of pets 1..count take, so the store's own cost can be told apart from them. */
function nameBytesPerPet(count: number): number {
  // A packed array allocated before the measurement holds the names, so only the strings are counted.
  const names: string[] = Array.from({ length: count }, () => '');
  if (!collectGarbage()) return Number.NaN;
  const before = retained();
  for (let n = 1; n <= count; n += 1) names[n - 1] = benchPet(n).name;
  collectGarbage();
  const bytes = (retained() - before) / count;
  names.length = 0;
  return bytes;
}

/** Seeds a fresh embedded store with pets 1..count (ids from the store) and measures what it retains. */
export async function seedMeasured(count: number): Promise<SeedCost> {
  const names = nameBytesPerPet(count);
  const measured = collectGarbage();
  const before = retained();
  const started = performance.now();
  const store = new MemoryPetStore();
  for (let n = 1; n <= count; n += 1) await store.insert({ id: await store.next(), ...benchPet(n) });
  const seedMs = performance.now() - started;
  collectGarbage();
  return { store, seedMs, heapBytesPerPet: measured ? (retained() - before) / count : Number.NaN, nameBytesPerPet: names };
}
