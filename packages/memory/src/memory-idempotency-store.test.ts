import { describe, expect, it } from 'vitest';
import type { IdempotencyRecord } from '@petstore/domain';
import { MAX_IDEMPOTENCY_RECORDS, MemoryIdempotencyStore } from './memory-idempotency-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A store on a clock the test sets; `claim(n)` claims key number `n` now, as a create would. */
const setup = () => {
  let now = new Date('2026-01-01T00:00:00Z').getTime();
  const store = new MemoryIdempotencyStore({ now: () => new Date(now) });
  const made = new Map<number, IdempotencyRecord>();
  const claim = async (n: number) => {
    const record = {
      accountId: 'acc_bound',
      key: `key-${n}-${'k'.repeat(240)}`,
      fingerprint: `fingerprint-${n}`,
      petId: n + 1,
      createdAt: new Date(now),
    };
    const earlier = await store.claim(record);
    if (earlier === null) made.set(n, record);
    return earlier;
  };
  return { claim, made, advance: (ms: number) => (now += ms) };
};

describe('MemoryIdempotencyStore', () => {
  it(`keeps at most ${MAX_IDEMPOTENCY_RECORDS} records, forgetting the oldest first`, { timeout: 60_000 }, async () => {
    const { claim, made, advance } = setup();
    for (let n = 0; n < MAX_IDEMPOTENCY_RECORDS + 2; n += 1) {
      await claim(n);
      advance(1000);
    }
    expect(made.size, 'every key was new').toBe(MAX_IDEMPOTENCY_RECORDS + 2);
    // Keys 0 and 1 were pushed out by the two past the bound: claimed again, they are new.
    expect(await claim(0)).toBeNull();
    expect(await claim(1)).toBeNull();
    // Those two pushed out keys 2 and 3, and key 2 claimed anew pushes out key 4; from key 5 on all are kept.
    expect(await claim(2)).toBeNull();
    expect(await claim(5)).toEqual(made.get(5));
    expect(await claim(MAX_IDEMPOTENCY_RECORDS + 1)).toEqual(made.get(MAX_IDEMPOTENCY_RECORDS + 1));
    expect(await claim(1)).toEqual(made.get(1));
  });

  it('forgets a record 24 hours after it was made', async () => {
    const { claim, made, advance } = setup();
    await claim(0);
    advance(DAY_MS - 1);
    expect(await claim(0)).toEqual(made.get(0));
    advance(1);
    expect(await claim(0)).toBeNull();
  });
});
