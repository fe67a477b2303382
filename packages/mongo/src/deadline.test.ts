import { setTimeout as sleep } from 'node:timers/promises';
import { hasGo, startFerretDB, type TestDatabaseServer } from '@petstore/testdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, type MongoConnection } from './connect.js';
import { withDeadline } from './deadline.js';

const UNAVAILABLE = { code: 'service_unavailable', retryAfterSeconds: 2 };

describe('withDeadline', () => {
  const store = {
    hang: () => new Promise<never>(() => {}),
    answer: async (value: number) => value,
    fail: async () => {
      throw new RangeError('bad');
    },
    plain: () => 7,
  };
  const bounded = withDeadline(store, 50);

  it('fails a call that has not settled by the deadline as service_unavailable', async () => {
    await expect(bounded.hang()).rejects.toMatchObject(UNAVAILABLE);
  });

  it('bounds a method that makes several calls as one, however quick each call is', async () => {
    // Twenty calls of 10 ms, not two of 40: a timer armed while the event loop's clock is stale
    // (a loaded machine) can fire almost at once, so two sleeps could end within the 60 ms of real
    // time the deadline counts. A timer firing late can let only one more call end before the deadline's.
    const service = {
      manyCalls: async () => {
        for (let call = 0; call < 20; call += 1) await sleep(10);
        return 'done';
      },
    };
    await expect(withDeadline(service, 60).manyCalls()).rejects.toMatchObject(UNAVAILABLE);
  });

  it('holds each call to its own deadline, however many are in flight under the one timer', async () => {
    const slowly = withDeadline({ hang: store.hang, answer: () => sleep(200).then(() => 'late') }, 250);
    const early = slowly.hang();
    await sleep(150);
    // Started 150 ms after the first, answered 200 ms later: past the first call's deadline, inside
    // its own (margins of 50 ms, for a loaded machine's late timers).
    const late = slowly.answer();
    await expect(early).rejects.toMatchObject(UNAVAILABLE);
    await expect(late).resolves.toBe('late');
  });

  it('passes answers, failures and plain values through unchanged', async () => {
    await expect(bounded.answer(3)).resolves.toBe(3);
    await expect(bounded.fail()).rejects.toBeInstanceOf(RangeError);
    expect(bounded.plain()).toBe(7);
  });
});

// A hung server (SIGSTOP) keeps its connections open and answers nothing: each of the driver's
// waits then runs to its end one after the other, and a retried read runs them all again.
describe.skipIf(!(await hasGo()))('the stores of a database that stops answering', () => {
  const TIMEOUT_MS = 1000;
  let server: TestDatabaseServer;
  let mongo: MongoConnection;
  beforeAll(async () => {
    server = await startFerretDB();
    mongo = await connectMongo({ uri: server.uri, dbName: 'petstore', timeoutMS: TIMEOUT_MS });
    await mongo.pets.insert({ id: 1, name: 'Rex', categoryId: 1 });
  }, 120_000);
  afterAll(async () => {
    server?.resume();
    await mongo?.close();
    await server?.dispose();
  });

  it('fail every read and write as service_unavailable within the time-out, then serve again', async () => {
    await server.pause();
    try {
      const calls: Record<string, () => Promise<unknown>> = {
        list: () => mongo.pets.list({ limit: 10, status: undefined, afterId: undefined }),
        get: () => mongo.pets.get(1),
        insert: () => mongo.pets.insert({ id: 2, name: 'Fido', categoryId: 1 }),
        findKeyByHash: () => mongo.keys.findKeyByHash('0'.repeat(64)),
      };
      const outcomes = await Promise.all(
        Object.entries(calls).map(async ([name, call]) => {
          const started = performance.now();
          const error: unknown = await call().then(
            () => undefined,
            (failure: unknown) => failure,
          );
          return { name, error, ms: performance.now() - started };
        }),
      );
      for (const { name, error, ms } of outcomes) {
        expect(error, name).toMatchObject(UNAVAILABLE);
        // A margin for a loaded machine, and still well short of the driver's waits added up (2 × 1000 ms or more).
        expect(ms, name).toBeLessThan(1.7 * TIMEOUT_MS);
      }
    } finally {
      server.resume();
    }
    await expect.poll(() => mongo.pets.get(1).catch(() => null), { timeout: 20_000, interval: 200 }).toMatchObject({ id: 1 });
  }, 60_000);
});
