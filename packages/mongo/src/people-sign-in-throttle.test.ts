import { argon2PasswordHasher, checkPassword } from '@petstore/credentials';
import {
  AccountService,
  KeyService,
  createSignInThrottle,
  DEFAULT_SIGN_IN_BUDGETS,
  KeyTags,
  newKeyTagSecret,
  PeopleService,
  type Clock,
  type PasswordHasher,
} from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const ROUNDS = 3;
const ATTEMPTS = 300;
const { perEmailAndClient, windowSeconds } = DEFAULT_SIGN_IN_BUDGETS;
const owner = { email: 'owner@example.com', password: 'a long and quiet afternoon' };
const fromClient = (clientAddress: string) => ({ clientAddress, userAgent: 'vitest' });

describe.skipIf(!mongodbUri)('password sign-in on MongoDB under hundreds of concurrent wrong passwords', () => {
  let database: TestDatabase;
  let instances: PeopleService[];
  let verified = 0;
  // The middle of the next window, standing still: no round straddles two windows of the throttle.
  const windowMs = windowSeconds * 1000;
  const now = Date.now() - (Date.now() % windowMs) + windowMs * 1.5;
  const clock: Clock = { now: () => new Date(now) };
  const argon2 = argon2PasswordHasher();
  /** The production hasher, counting how many passwords reached it. */
  const hasher: PasswordHasher = {
    hash: (password) => argon2.hash(password),
    verify: (stored, password) => ((verified += 1), argon2.verify(stored, password)),
  };

  /** One instance of the service as production builds it, each with its own throttle over the shared budgets. */
  const instance = (): PeopleService =>
    new PeopleService({
      people: database.people,
      keys: database.keys,
      accounts: new AccountService({ keys: database.keys, audit: database.audit, clock, actor: 'test' }),
      keyService: new KeyService({
        keys: database.keys,
        audit: database.audit,
        claims: database.keyClaims,
        clock,
        actor: 'test',
        keyTags: new KeyTags([newKeyTagSecret()]),
        maxRateLimit: null,
      }),
      audit: database.audit,
      clock,
      hasher,
      passwordPolicy: { checkPassword },
      throttle: createSignInThrottle({ clock, sharedLimiter: database.sharedRateLimiter }),
      signUpPolicy: 'open',
      publicBaseUrl: 'https://petstore.test',
      actor: 'test',
    });

  beforeAll(async () => {
    database = await connectTestDatabase({ timeoutMS: 30_000 });
    instances = [instance(), instance()];
    await instances[0]?.signUp({ ...owner, accountName: 'Acme' }, fromClient('192.0.2.1'));
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  it(`lets ${perEmailAndClient} of ${ATTEMPTS} reach the password check over two instances, and the owner in from another address, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const guesser = `198.51.100.${round}`;
      verified = 0;
      const outcomes = await Promise.allSettled(
        Array.from({ length: ATTEMPTS }, (_, n) =>
          (instances[n % instances.length] as PeopleService).signIn({ ...owner, password: `guess number ${n} of many` }, fromClient(guesser)),
        ),
      );
      const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'signed in'));
      expect(
        codes.filter((code) => code === 'unauthorized'),
        `round ${round}`,
      ).toHaveLength(perEmailAndClient);
      expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(ATTEMPTS - perEmailAndClient);
      expect(verified, 'argon2 ran for the admitted attempts only').toBe(perEmailAndClient);

      await expect(instances[1]?.signIn(owner, fromClient(guesser)), 'the right password from the guesser').rejects.toMatchObject({
        code: 'rate_limited',
      });
      const signedIn = await instances[1]?.signIn(owner, fromClient(`2001:db8:${round}::1`));
      expect(signedIn?.person.email).toBe(owner.email);
    }
  }, 120_000);
});
