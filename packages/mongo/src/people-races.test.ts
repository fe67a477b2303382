import { isDomainError } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURING_THE_WEEK, invitation, person, token } from './testing/people-records.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const CONCURRENT = 200;
const ROUNDS = 5;

/** Starts `CONCURRENT` calls in one tick and settles them all. */
const allAtOnce = <T>(call: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> =>
  Promise.allSettled(Array.from({ length: CONCURRENT }, (_, i) => call(i)));

const fulfilled = <T>(results: PromiseSettledResult<T>[]): T[] => results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
const failureCodes = (results: PromiseSettledResult<unknown>[]): string[] =>
  results.flatMap((result) => (result.status === 'rejected' ? [isDomainError(result.reason) ? result.reason.code : String(result.reason)] : []));

describe.skipIf(!mongodbUri)(`${CONCURRENT} concurrent once-only claims on one database, ${ROUNDS} rounds`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // About claims, not time: 200 operations at once may queue past the default bound on a loaded machine.
    database = await connectTestDatabase({ timeoutMS: 30_000 });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('accepts one invitation for exactly one caller', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await database.people.insertInvitation(invitation(`inv_${round}`));
      const results = await allAtOnce(() => database.people.acceptInvitation(`inv_${round}`, DURING_THE_WEEK));
      expect(failureCodes(results), `round ${round}`).toEqual([]);
      expect(fulfilled(results).filter(Boolean), `round ${round}`).toHaveLength(1);
      expect((await database.people.getInvitation(`inv_${round}`))?.acceptedAt, `round ${round}`).toEqual(DURING_THE_WEEK);
    }
  }, 120_000);

  it('gives one token to exactly one caller', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const hash = String(round).repeat(64);
      await database.people.insertToken(token(hash));
      const results = await allAtOnce(() => database.people.useToken(hash, DURING_THE_WEEK));
      expect(failureCodes(results), `round ${round}`).toEqual([]);
      expect(
        fulfilled(results).filter((used) => used !== null),
        `round ${round}`,
      ).toEqual([token(hash)]);
    }
  }, 120_000);

  it('gives one WebAuthn challenge to exactly one caller', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await database.people.insertChallenge({
        id: `chl_${round}`,
        value: `value ${round}`,
        personId: null,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const results = await allAtOnce(() => database.people.takeChallenge(`chl_${round}`, new Date()));
      expect(failureCodes(results), `round ${round}`).toEqual([]);
      expect(
        fulfilled(results).filter((taken) => taken !== null),
        `round ${round}`,
      ).toEqual([{ value: `value ${round}`, personId: null }]);
    }
  }, 120_000);

  it('keeps one person of one email, refusing every other insert as a conflict', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `race-${round}@example.com`;
      const results = await allAtOnce((i) => database.people.insertPerson(person(`per_${round}_${i}`, email)));
      expect(fulfilled(results), `round ${round}`).toHaveLength(1);
      expect(failureCodes(results), `round ${round}`).toEqual(Array(CONCURRENT - 1).fill('conflict'));
      const people = await database.people.listPeople({});
      expect(
        people.filter((stored) => stored.email === email),
        `round ${round}`,
      ).toHaveLength(1);
    }
  }, 120_000);
});
