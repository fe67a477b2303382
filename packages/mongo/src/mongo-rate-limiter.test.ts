import type { RateLimitDecision } from '@petstore/domain';
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
  // Mid-window, and still: a test on the system clock that ran across the top of an hour saw its
  // budget renewed half way through (CI started at 06:59 and failed there).
  const midWindow = { now: () => new Date('2026-01-01T00:30:00Z') };
  const limiter = (clock = midWindow) => new MongoLeasedRateLimiter(database.db, { windowSeconds: 3600, clock });

  it('admits no more than the limit per window across instances sharing the database', async () => {
    const instances = [limiter(), limiter(), limiter()];
    const decisions = await Promise.all(
      Array.from({ length: 400 }, (_, n) => instances[n % instances.length]?.consume('key_a', 1, 100) as Promise<RateLimitDecision>),
    );
    const admitted = decisions.filter((decision) => decision.allowed).length;
    // Every lease claimed is spent by the end (each instance got more requests than its leases held).
    expect(admitted).toBe(100);
    for (const refused of decisions.filter((decision) => !decision.allowed)) {
      expect(refused).toMatchObject({ remaining: 0, limit: 100 });
      expect(refused.resetSeconds).toBeGreaterThan(0);
    }
  });

  it("holds each key to its own limit across instances, whatever the other keys' limits", async () => {
    const instances = [limiter(), limiter(), limiter()];
    const limits: Record<string, number> = { key_small: 7, key_default: 100, key_partner: 1000 };
    for (let round = 0; round < 2; round += 1) {
      const subjects = Object.keys(limits).map((subject) => `${subject}_${round}`);
      const charges = Array.from({ length: 1500 }, (_, n) => ({ subject: subjects[n % 3] ?? '', limit: Object.values(limits)[n % 3] ?? 0 }));
      const decisions = await Promise.all(
        charges.map(async ({ subject, limit }, n) => ({ subject, decision: await instances[n % instances.length]?.consume(subject, 1, limit) })),
      );
      const admitted = subjects.map((subject) => decisions.filter((each) => each.subject === subject && each.decision?.allowed).length);
      expect(admitted).toEqual([7, 100, 500]);
      const refusedSmall = decisions.find((each) => each.subject === subjects[0] && !each.decision?.allowed)?.decision;
      expect(refusedSmall).toMatchObject({ limit: 7, remaining: 0 });
    }
  });

  it('admits no more than the larger limit in a window in which the limit changed', async () => {
    const instances = [limiter(), limiter()];
    const decisions = await Promise.all(
      Array.from({ length: 600 }, (_, n) => instances[n % 2]?.consume('key_changed', 1, n < 300 ? 50 : 200) as Promise<RateLimitDecision>),
    );
    const admitted = decisions.filter((decision) => decision.allowed).length;
    expect(admitted).toBeGreaterThanOrEqual(50);
    expect(admitted).toBeLessThanOrEqual(200);
  });

  it('honours a raise of the limit within the window, even once the old limit is spent, on every instance', async () => {
    const [one, other] = [limiter(), limiter()];
    for (let n = 0; n < 100; n += 1) expect((await one.consume('key_raised', 1, 100)).allowed).toBe(true);
    expect(await one.consume('key_raised', 1, 100)).toMatchObject({ allowed: false, remaining: 0 });
    const raised = [];
    for (let n = 0; n < 120; n += 1) raised.push(await (n % 2 === 0 ? one : other).consume('key_raised', 1, 200));
    expect(raised.filter((decision) => decision.allowed)).toHaveLength(100);
    expect(raised.at(-1)).toMatchObject({ allowed: false, limit: 200, remaining: 0 });
    expect(await other.consume('key_raised', 1, 100), 'and a cut back applies at once').toMatchObject({ allowed: false });
  });

  it('answers from its lease without a round trip once it holds one', async () => {
    const one = limiter();
    expect(await one.consume('key_b', 1, 100)).toMatchObject({ allowed: true });
    const next = one.consume('key_b', 1, 100);
    expect(next, 'a plain decision, not a promise').not.toBeInstanceOf(Promise);
    expect(next).toMatchObject({ allowed: true, remaining: 100 - 2 });
  });

  it('charges a cost of several units at once and keeps budgets of different keys apart', async () => {
    const one = limiter();
    expect(await one.consume('key_c', 7, 10)).toMatchObject({ allowed: true });
    expect(await one.consume('key_c', 4, 10)).toMatchObject({ allowed: false });
    expect(await one.consume('key_c', 3, 10)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await one.consume('key_d', 10, 10)).toMatchObject({ allowed: true });
  });

  it('claims after the highest block already claimed in the window, not from the first', async () => {
    const clock = midWindow;
    const window = Math.floor(clock.now().getTime() / 3_600_000);
    await database.db.collection('rate_leases').insertOne({ _id: `key_f:${window}:00000005` as never, expiresAt: new Date() });
    expect(await limiter(clock).consume('key_f', 1, 100)).toMatchObject({ allowed: true, remaining: 100 - 7 * 2 + 1 });
    const ids = (await database.db.collection('rate_leases').find({}).toArray()).map((lease) => String(lease._id)).sort();
    expect(ids).toEqual([`key_f:${window}:00000005`, `key_f:${window}:00000006`]);
  });

  it('starts a fresh budget each window', async () => {
    let now = new Date('2026-01-01T00:00:00Z').getTime();
    const clock = { now: () => new Date(now) };
    const one = limiter(clock);
    expect((await one.consume('key_e', 2, 2)).allowed).toBe(true);
    expect((await one.consume('key_e', 1, 2)).allowed).toBe(false);
    now += 3600_000;
    expect((await one.consume('key_e', 1, 2)).allowed).toBe(true);
  });
});
