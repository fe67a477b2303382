import { systemClock, type RateLimitDecision } from '@petstore/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MongoLeasedRateLimiter } from './mongo-rate-limiter.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoLeasedRateLimiter', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });
  const limiter = (limit: number, clock = systemClock) => new MongoLeasedRateLimiter(database.db, { limit, windowSeconds: 3600, clock });

  it('admits no more than the limit per window across instances sharing the database', async () => {
    const instances = [limiter(100), limiter(100), limiter(100)];
    const decisions = await Promise.all(
      Array.from({ length: 400 }, (_, n) => instances[n % instances.length]?.consume('key_a', 1) as Promise<RateLimitDecision>),
    );
    const admitted = decisions.filter((decision) => decision.allowed).length;
    // Every lease claimed is spent by the end (each instance got more requests than its leases held).
    expect(admitted).toBe(100);
    for (const refused of decisions.filter((decision) => !decision.allowed)) {
      expect(refused).toMatchObject({ remaining: 0, limit: 100 });
      expect(refused.resetSeconds).toBeGreaterThan(0);
    }
  });

  it('answers from its lease without a round trip once it holds one', async () => {
    const one = limiter(100);
    expect(await one.consume('key_b', 1)).toMatchObject({ allowed: true });
    const next = one.consume('key_b', 1);
    expect(next, 'a plain decision, not a promise').not.toBeInstanceOf(Promise);
    expect(next).toMatchObject({ allowed: true, remaining: 100 - 2 });
  });

  it('charges a cost of several units at once and keeps budgets of different keys apart', async () => {
    const one = limiter(10);
    expect(await one.consume('key_c', 7)).toMatchObject({ allowed: true });
    expect(await one.consume('key_c', 4)).toMatchObject({ allowed: false });
    expect(await one.consume('key_c', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await one.consume('key_d', 10)).toMatchObject({ allowed: true });
  });

  it('claims after the highest block already claimed in the window, not from the first', async () => {
    const clock = { now: () => new Date('2026-01-01T00:30:00Z') };
    const window = Math.floor(clock.now().getTime() / 3_600_000);
    await database.db.collection('rate_leases').insertOne({ _id: `key_f:${window}:05` as never, expiresAt: new Date() });
    expect(await limiter(100, clock).consume('key_f', 1)).toMatchObject({ allowed: true, remaining: 100 - 7 * 2 + 1 });
    const ids = (await database.db.collection('rate_leases').find({}).toArray()).map((lease) => String(lease._id)).sort();
    expect(ids).toEqual([`key_f:${window}:05`, `key_f:${window}:06`]);
  });

  it('starts a fresh budget each window', async () => {
    let now = new Date('2026-01-01T00:00:00Z').getTime();
    const clock = { now: () => new Date(now) };
    const one = limiter(2, clock);
    expect((await one.consume('key_e', 2)).allowed).toBe(true);
    expect((await one.consume('key_e', 1)).allowed).toBe(false);
    now += 3600_000;
    expect((await one.consume('key_e', 1)).allowed).toBe(true);
  });
});
