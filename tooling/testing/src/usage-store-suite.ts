import type { HourCount, UsageBucket, UsageStore } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { useFreshStores } from './store-fixture.js';

export interface UsageStoreFixture {
  usage: UsageStore;
  /** Other instances' stores over the same storage, as other processes open it (the same store in memory, which one process alone has). */
  peers: readonly UsageStore[];
  close(): Promise<void>;
}

export type MakeUsageStore = () => Promise<UsageStoreFixture>;

const count = (at: string, overrides: Partial<HourCount> = {}): HourCount => ({
  accountId: 'acc_1',
  keyId: 'key_a',
  operation: 'listPets',
  door: 'rest',
  outcome: 'served',
  hour: new Date(at),
  count: 1,
  ...overrides,
});

const lines = (buckets: UsageBucket[]) =>
  buckets.map((b) => `${b.granularity} ${b.start.toISOString()} ${b.accountId} ${b.keyId} ${b.operation} ${b.door} ${b.outcome} ${b.count}`).sort();

const ALL_OF_NOVEMBER = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };

/** What every usage store promises (docs/usage.md): buckets added to exactly, however the adds interleave, read per account, pruned by age. */
export function defineUsageStoreSuite(name: string, makeStore: MakeUsageStore): void {
  describe(`${name} usage store`, () => {
    const stores = useFreshStores(makeStore);

    it("adds each hour's count to its hour bucket and to its UTC day's bucket", async () => {
      const { usage } = stores();
      await usage.add([
        count('2026-11-27T04:00:00Z', { count: 3 }),
        count('2026-11-27T05:00:00Z', { count: 2 }),
        count('2026-11-27T05:00:00Z', { outcome: 'rate_limited' }),
        count('2026-11-28T00:00:00Z', { door: 'graphql' }),
      ]);
      await usage.add([count('2026-11-27T05:00:00Z', { count: 10 })]);
      expect(lines(await usage.find({ accountId: 'acc_1', granularity: 'hour', ...ALL_OF_NOVEMBER }))).toEqual([
        'hour 2026-11-27T04:00:00.000Z acc_1 key_a listPets rest served 3',
        'hour 2026-11-27T05:00:00.000Z acc_1 key_a listPets rest rate_limited 1',
        'hour 2026-11-27T05:00:00.000Z acc_1 key_a listPets rest served 12',
        'hour 2026-11-28T00:00:00.000Z acc_1 key_a listPets graphql served 1',
      ]);
      expect(lines(await usage.find({ accountId: 'acc_1', granularity: 'day', ...ALL_OF_NOVEMBER }))).toEqual([
        'day 2026-11-27T00:00:00.000Z acc_1 key_a listPets rest rate_limited 1',
        'day 2026-11-27T00:00:00.000Z acc_1 key_a listPets rest served 15',
        'day 2026-11-28T00:00:00.000Z acc_1 key_a listPets graphql served 1',
      ]);
    });

    it('finds one account’s buckets starting in [from, to), narrowed by key, operation and door', async () => {
      const { usage } = stores();
      await usage.add([
        count('2026-11-27T04:00:00Z'),
        count('2026-11-27T05:00:00Z', { keyId: 'key_b' }),
        count('2026-11-27T06:00:00Z', { operation: 'getPet', door: 'trpc' }),
        count('2026-11-27T05:00:00Z', { accountId: 'acc_2', keyId: 'key_x' }),
      ]);
      const span = { accountId: 'acc_1', granularity: 'hour' as const, from: new Date('2026-11-27T05:00:00Z'), to: new Date('2026-11-27T06:00:00Z') };
      expect(lines(await usage.find(span))).toEqual(['hour 2026-11-27T05:00:00.000Z acc_1 key_b listPets rest served 1']);
      const november = { accountId: 'acc_1', granularity: 'hour' as const, ...ALL_OF_NOVEMBER };
      expect(await usage.find({ ...november, keyId: 'key_b' })).toHaveLength(1);
      expect(await usage.find({ ...november, keyId: 'key_x' })).toEqual([]);
      expect(lines(await usage.find({ ...november, operation: 'getPet' }))).toEqual([
        'hour 2026-11-27T06:00:00.000Z acc_1 key_a getPet trpc served 1',
      ]);
      expect(await usage.find({ ...november, door: 'trpc' })).toHaveLength(1);
      expect(await usage.find({ ...november, door: 'graphql' })).toEqual([]);
    });

    it('loses no count when many adds of the same buckets run at once through several instances', async () => {
      const { usage, peers } = stores();
      const instances = [usage, ...peers];
      const writers = 12;
      const batch = (writer: number) =>
        ['served', 'forbidden', 'client_error'].flatMap((outcome) =>
          ['key_a', 'key_b'].map((keyId) => count('2026-11-27T05:00:00Z', { keyId, outcome: outcome as HourCount['outcome'], count: writer + 1 })),
        );
      await Promise.all(Array.from({ length: writers }, (_, writer) => (instances[writer % instances.length] ?? usage).add(batch(writer))));
      const expected = (writers * (writers + 1)) / 2;
      for (const granularity of ['hour', 'day'] as const) {
        const buckets = await usage.find({ accountId: 'acc_1', granularity, ...ALL_OF_NOVEMBER });
        expect(buckets).toHaveLength(6);
        for (const bucket of buckets) expect(bucket.count, `${granularity} ${bucket.keyId} ${bucket.outcome}`).toBe(expected);
      }
    });

    it('prunes hour buckets and day buckets that started before their bounds, and nothing else', async () => {
      const { usage } = stores();
      await usage.add([count('2026-11-01T10:00:00Z'), count('2026-11-20T10:00:00Z'), count('2026-11-27T10:00:00Z')]);
      await usage.prune({ hoursBefore: new Date('2026-11-20T10:00:00Z'), daysBefore: new Date('2026-11-02T00:00:00Z') });
      expect(lines(await usage.find({ accountId: 'acc_1', granularity: 'hour', ...ALL_OF_NOVEMBER }))).toEqual([
        'hour 2026-11-20T10:00:00.000Z acc_1 key_a listPets rest served 1',
        'hour 2026-11-27T10:00:00.000Z acc_1 key_a listPets rest served 1',
      ]);
      expect(lines(await usage.find({ accountId: 'acc_1', granularity: 'day', ...ALL_OF_NOVEMBER }))).toEqual([
        'day 2026-11-20T00:00:00.000Z acc_1 key_a listPets rest served 1',
        'day 2026-11-27T00:00:00.000Z acc_1 key_a listPets rest served 1',
      ]);
    });
  });
}
