import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { HOUR_MS, type HourCount } from './ports.js';
import { UsageMeter } from './usage-meter.js';

function meterAt(start: string, bounds: { maxKeys?: number; maxHeld?: number } = {}) {
  const { clock, advance } = movableClock(start);
  const dropped: number[] = [];
  const meter = new UsageMeter({ now: () => clock.now().getTime(), onDropped: (calls) => dropped.push(calls), ...bounds });
  return { meter, advance, dropped };
}

const byBucket = (counts: HourCount[]) =>
  counts.map((c) => `${c.hour.toISOString()} ${c.accountId} ${c.keyId} ${c.operation} ${c.door} ${c.outcome} ${c.count}`).sort();

describe('UsageMeter', () => {
  it('counts calls per UTC hour, key, operation, door and outcome, one count per bucket', () => {
    const { meter } = meterAt('2026-11-27T05:10:00Z');
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    meter.count('acc_1', 'key_a', 'listPets', 'graphql', 'served', 3);
    meter.count('acc_1', 'key_a', 'getPet', 'trpc', 'forbidden');
    meter.count('acc_2', 'key_b', 'createPet', 'rest', 'server_error');
    expect(byBucket(meter.take())).toEqual([
      '2026-11-27T05:00:00.000Z acc_1 key_a getPet trpc forbidden 1',
      '2026-11-27T05:00:00.000Z acc_1 key_a listPets graphql served 3',
      '2026-11-27T05:00:00.000Z acc_1 key_a listPets rest served 2',
      '2026-11-27T05:00:00.000Z acc_2 key_b createPet rest server_error 1',
    ]);
  });

  it('forgets what it handed over, and keeps counting the same hour after a take', () => {
    const { meter } = meterAt('2026-11-27T05:10:00Z');
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    expect(meter.take()).toHaveLength(1);
    expect(meter.take()).toEqual([]);
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    expect(byBucket(meter.take())).toEqual(['2026-11-27T05:00:00.000Z acc_1 key_a listPets rest served 1']);
  });

  it('puts each call in the hour it was made in, across an hour boundary', () => {
    const { meter, advance } = meterAt('2026-11-27T05:59:59Z');
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    advance(1000);
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    advance(HOUR_MS);
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'rate_limited');
    expect(byBucket(meter.take())).toEqual([
      '2026-11-27T05:00:00.000Z acc_1 key_a listPets rest served 1',
      '2026-11-27T06:00:00.000Z acc_1 key_a listPets rest served 2',
      '2026-11-27T07:00:00.000Z acc_1 key_a listPets rest rate_limited 1',
    ]);
  });

  it('adds counts put back after a failed flush to what was counted since, bucket by bucket', () => {
    const { meter } = meterAt('2026-11-27T05:10:00Z');
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served', 2);
    const failed = meter.take();
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served', 5);
    meter.putBack(failed);
    expect(byBucket(meter.take())).toEqual(['2026-11-27T05:00:00.000Z acc_1 key_a listPets rest served 7']);
  });

  it('drops and reports the calls of keys past its bound for an hour, keeping those it holds', () => {
    const { meter, dropped } = meterAt('2026-11-27T05:10:00Z', { maxKeys: 2 });
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    meter.count('acc_1', 'key_b', 'listPets', 'rest', 'served');
    meter.count('acc_1', 'key_c', 'listPets', 'rest', 'served', 4);
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    expect(dropped).toEqual([4]);
    expect(byBucket(meter.take())).toEqual([
      '2026-11-27T05:00:00.000Z acc_1 key_a listPets rest served 2',
      '2026-11-27T05:00:00.000Z acc_1 key_b listPets rest served 1',
    ]);
  });

  it('drops and reports counts past the buckets it holds for a flush that keeps failing', () => {
    const { meter, dropped } = meterAt('2026-11-27T05:10:00Z', { maxHeld: 2 });
    meter.count('acc_1', 'key_a', 'listPets', 'rest', 'served');
    meter.count('acc_1', 'key_a', 'getPet', 'rest', 'served', 2);
    meter.count('acc_1', 'key_a', 'createPet', 'rest', 'served', 3);
    const held = meter.take();
    const kept = held.reduce((sum, count) => sum + count.count, 0);
    expect(held).toHaveLength(2);
    expect(dropped).toHaveLength(1);
    expect(kept + (dropped[0] ?? 0)).toBe(6);
    meter.putBack(held);
    expect(meter.take().reduce((sum, count) => sum + count.count, 0)).toBe(kept);
  });
});
