import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { DAY_MS, type HourCount, type UsageBucket, type UsageFilter, type UsageStore } from './ports.js';
import { UsageFlusher } from './usage-flusher.js';
import { UsageMeter } from './usage-meter.js';

/** A store that keeps what it is given, and fails while `failing` is set: the flusher's view of a database. */
class RecordingStore implements UsageStore {
  failing = false;
  written: HourCount[][] = [];
  prunes: Array<{ hoursBefore: Date; daysBefore: Date }> = [];
  async add(counts: readonly HourCount[]): Promise<void> {
    if (this.failing) throw new Error('database away');
    this.written.push([...counts]);
  }
  async find(_filter: UsageFilter): Promise<UsageBucket[]> {
    return [];
  }
  async prune(bounds: { hoursBefore: Date; daysBefore: Date }): Promise<void> {
    this.prunes.push(bounds);
  }
  get total(): number {
    return this.written.flat().reduce((sum, count) => sum + count.count, 0);
  }
}

function setUp() {
  const { clock, advance } = movableClock('2026-11-27T05:10:00Z');
  const store = new RecordingStore();
  const errors: string[] = [];
  const meter = new UsageMeter({ now: () => clock.now().getTime() });
  const flusher = new UsageFlusher({ meter, store, clock, onError: (_error, step) => errors.push(step) });
  return { clock, advance, store, errors, meter, flusher };
}

describe('UsageFlusher', () => {
  it('writes what was counted in one add, and nothing when nothing was', async () => {
    const { store, meter, flusher } = setUp();
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served', 3);
    meter.count('acc_1', 'key_a', 'listPets', 'trpc', 'served');
    await flusher.flush();
    expect(store.written).toHaveLength(1);
    expect(store.total).toBe(4);
    await flusher.flush();
    expect(store.written).toHaveLength(1);
  });

  it('keeps the counts of a failed flush and writes them, with those counted since, once the store answers again', async () => {
    const { store, errors, meter, flusher } = setUp();
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served', 3);
    store.failing = true;
    await flusher.flush();
    expect(errors).toEqual(['flush']);
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served', 2);
    store.failing = false;
    await flusher.flush();
    expect(store.written).toEqual([[expect.objectContaining({ keyId: 'key_a', count: 5 })]]);
  });

  it('runs one flush at a time: concurrent flushes write every count once', async () => {
    const { store, meter, flusher } = setUp();
    const flushes: Promise<void>[] = [];
    for (let n = 0; n < 50; n += 1) {
      meter.count('acc_1', `key_${n % 7}`, 'listPets', 'graphql', 'served');
      flushes.push(flusher.flush());
    }
    await Promise.all(flushes);
    expect(store.total).toBe(50);
  });

  it('writes what is left on close', async () => {
    const { store, meter, flusher } = setUp();
    flusher.start();
    meter.count('acc_1', 'key_a', 'createPet', 'rest', 'client_error');
    await flusher.close();
    expect(store.total).toBe(1);
  });

  it('prunes hour buckets past 7 days and day buckets past 400 days, at most once an hour', async () => {
    const { clock, advance, store, flusher } = setUp();
    await flusher.flush();
    advance(10_000);
    await flusher.flush();
    const now = clock.now().getTime() - 10_000;
    expect(store.prunes).toEqual([{ hoursBefore: new Date(now - 7 * DAY_MS), daysBefore: new Date(now - 400 * DAY_MS) }]);
    advance(3_600_000);
    await flusher.flush();
    expect(store.prunes).toHaveLength(2);
  });
});
