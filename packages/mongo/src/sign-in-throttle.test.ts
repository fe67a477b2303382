import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSignInThrottle, DEFAULT_SIGN_IN_BUDGETS, type Clock, type SignInThrottle } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMessage } from './testing/next-message.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const WORKER = fileURLToPath(new URL('./testing/sign-in-worker.mjs', import.meta.url));
const ROUNDS = 4;
const ATTEMPTS = 300;
const { perEmailAndClient, perClient, windowSeconds } = DEFAULT_SIGN_IN_BUDGETS;

/** What each attempt came to: 'ok' or the refusal's code. */
const outcomes = (throttles: SignInThrottle[], email: string, address: string, count: number): Promise<string[]> =>
  Promise.all(
    Array.from({ length: count }, (_, n) =>
      (throttles[n % throttles.length] as SignInThrottle).admit(email, address).then(
        () => 'ok',
        (error: unknown) => (error as { code?: string }).code ?? String(error),
      ),
    ),
  );
const passed = (results: string[]): number => results.filter((result) => result === 'ok').length;

describe.skipIf(!mongodbUri)('the sign-in throttle on the leased limiter every instance shares', () => {
  let database: TestDatabase;
  let worker: ChildProcess;
  // The middle of the next window, standing still: no round straddles two windows, and the leases
  // written expire well after the test (their TTL index would otherwise give blocks back).
  const windowMs = windowSeconds * 1000;
  const now = Date.now() - (Date.now() % windowMs) + windowMs * 1.5;
  const clock: Clock = { now: () => new Date(now) };
  const instance = (): SignInThrottle => createSignInThrottle({ clock, sharedLimiter: database.sharedRateLimiter });

  beforeAll(async () => {
    database = await connectTestDatabase({ timeoutMS: 30_000 });
    worker = fork(WORKER, [mongodbUri ?? '', database.db.databaseName, String(now)]);
    await nextMessage(worker);
  }, 60_000);

  afterAll(async () => {
    worker.send('stop');
    await database.drop();
  });

  it(`admits ${perEmailAndClient} of ${ATTEMPTS} concurrent attempts at one email from one client over two instances, and the owner from another client, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const throttles = [instance(), instance()];
      const email = `owner-${round}@example.com`;
      const results = await outcomes(throttles, email, `2001:db8:${round}:1::7`, ATTEMPTS);
      expect(passed(results), `round ${round}`).toBe(perEmailAndClient);
      expect(results.filter((result) => result !== 'ok')).toEqual(Array(ATTEMPTS - perEmailAndClient).fill('rate_limited'));
      expect(await outcomes(throttles, email, `2001:db8:${round}:1::8`, 1), 'the same /64').toEqual(['rate_limited']);
      expect(await outcomes(throttles, email, `198.51.100.${round}`, 1), 'the owner elsewhere').toEqual(['ok']);
      expect(await outcomes([instance()], email, `2001:db8:${round}:2::7`, 1), 'a new instance, the next /64').toEqual(['ok']);
    }
  }, 120_000);

  it(`shares one budget with another process: ${perEmailAndClient} pass of ${2 * ATTEMPTS} sent by both at once, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `shared-${round}@example.com`;
      const address = `203.0.113.${round}`;
      const theirs = nextMessage<string[]>(worker);
      worker.send({ email, address, attempts: ATTEMPTS });
      const ours = await outcomes([instance()], email, address, ATTEMPTS);
      const results = [...ours, ...(await theirs)];
      expect(results).toHaveLength(2 * ATTEMPTS);
      expect(passed(results), `round ${round}`).toBe(perEmailAndClient);
      const elsewhere = nextMessage<string[]>(worker);
      worker.send({ email, address: `192.0.2.${round}`, attempts: 1 });
      expect(await elsewhere, 'the owner from another client, through the other process').toEqual(['ok']);
    }
  }, 120_000);

  it(`holds one client to about ${perClient} attempts across emails (password spraying), and only that client`, async () => {
    const throttles = [instance(), instance()];
    const address = '192.0.2.200';
    const emails = Array.from({ length: 150 }, (_, n) => `person-${n}@example.com`);
    const results = (await Promise.all(emails.map((email, n) => outcomes([throttles[n % 2] as SignInThrottle], email, address, 1)))).flat();
    // The client's budget is leased in blocks of 2: each instance may hold back one unit it never spends.
    expect(passed(results)).toBeLessThanOrEqual(perClient);
    expect(passed(results)).toBeGreaterThanOrEqual(perClient - throttles.length);
    expect(await outcomes(throttles, 'person-0@example.com', '192.0.2.201', 1), 'another client').toEqual(['ok']);
  }, 60_000);
});
