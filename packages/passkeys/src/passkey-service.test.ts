import type { Person, RequestContext, SignedIn } from '@petstore/domain';
import { MemoryAuditLog, MemoryPeopleStore } from '@petstore/memory';
import { describe, expect, it } from 'vitest';
import { createChallengeThrottle, DEFAULT_CHALLENGE_BUDGETS } from './challenge-budget.js';
import { MAX_PASSKEYS_PER_PERSON, PasskeyService } from './passkey-service.js';
import { SoftAuthenticator } from '@petstore/testing';

const BASE_URL = 'https://petstore.example.com';
const context: RequestContext = { clientAddress: '203.0.113.7', userAgent: 'test' };

/** The passkey service over the embedded store, a clock the test moves, and the sessions it asked to open. */
async function setUp() {
  const people = new MemoryPeopleStore();
  const audit = new MemoryAuditLog();
  let now = new Date('2026-11-27T10:00:00Z').getTime();
  const opened: string[] = [];
  const clock = { now: () => new Date(now) };
  const service = new PasskeyService({
    people,
    audit,
    clock,
    throttle: createChallengeThrottle({ clock }),
    publicBaseUrl: BASE_URL,
    actor: 'operator',
    // The people service opens the session (tested there and in the browser test); here, who it was opened for.
    sessions: {
      startVerifiedSession: (personId) => {
        opened.push(personId);
        return Promise.resolve({ token: `token-of-${personId}` } as SignedIn);
      },
    },
  });
  const addPerson = async (id: string): Promise<Person> => {
    const person = {
      id,
      email: `${id}@example.com`,
      emailVerifiedAt: null,
      passwordHash: 'x',
      passwordChangedAt: new Date(0),
      createdAt: new Date(0),
    };
    await people.insertPerson(person);
    await people.insertMembership({ accountId: `acc_of_${id}`, personId: id, role: 'owner', createdAt: new Date(0) });
    return person;
  };
  const register = async (personId: string, authenticator = new SoftAuthenticator({ origin: BASE_URL })) => {
    const start = await service.startRegistration(personId, context);
    return service.finishRegistration(
      personId,
      { challengeId: start.challengeId, credential: authenticator.create(start.options), name: 'Laptop' },
      context,
    );
  };
  const signIn = async (authenticator: SoftAuthenticator, step = 1) => {
    const start = await service.startSignIn(context);
    const body = { challengeId: start.challengeId, credential: authenticator.get(start.options, authenticator.credentials.length - 1, step) };
    return { body, answer: service.finishSignIn(body, context) };
  };
  return { service, people, audit, opened, addPerson, register, signIn, advance: (ms: number) => void (now += ms) };
}

describe('PasskeyService', () => {
  it('registers a passkey from a session, lists it to its person, and records who added it from where', async () => {
    const { service, audit, addPerson, register } = await setUp();
    await addPerson('per_a');
    const added = await register('per_a');
    expect(added).toMatchObject({ name: 'Laptop', transports: ['internal'], lastUsedAt: null });
    expect(await service.listPasskeys('per_a')).toEqual([added]);
    const [record] = await audit.list({ accountId: 'acc_of_per_a' });
    expect(record).toMatchObject({
      action: 'passkey.added',
      actor: 'person:per_a',
      clientAddress: '203.0.113.7',
      personId: 'per_a',
      changes: { passkeyId: { from: null, to: added.id }, name: { from: null, to: 'Laptop' } },
    });
  });

  it('takes a challenge once: the same registration finished twice is refused the second time', async () => {
    const { service, addPerson } = await setUp();
    await addPerson('per_a');
    const start = await service.startRegistration('per_a', context);
    const body = { challengeId: start.challengeId, credential: new SoftAuthenticator({ origin: BASE_URL }).create(start.options) };
    await service.finishRegistration('per_a', body, context);
    await expect(service.finishRegistration('per_a', body, context)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it("refuses to finish another person's registration", async () => {
    const { service, addPerson } = await setUp();
    await addPerson('per_a');
    await addPerson('per_b');
    const start = await service.startRegistration('per_a', context);
    const body = { challengeId: start.challengeId, credential: new SoftAuthenticator({ origin: BASE_URL }).create(start.options) };
    await expect(service.finishRegistration('per_b', body, context)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await service.listPasskeys('per_b')).toEqual([]);
  });

  it('lets a ceremony take five minutes and no more', async () => {
    const { service, addPerson, advance } = await setUp();
    await addPerson('per_a');
    const start = await service.startRegistration('per_a', context);
    advance(5 * 60_000);
    const body = { challengeId: start.challengeId, credential: new SoftAuthenticator({ origin: BASE_URL }).create(start.options) };
    await expect(service.finishRegistration('per_a', body, context)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('prunes the challenges that expired and keeps those of ceremonies under way', async () => {
    const { service, addPerson, advance } = await setUp();
    await addPerson('per_a');
    const abandoned = await service.startRegistration('per_a', context);
    advance(3 * 60_000);
    const underWay = await service.startRegistration('per_a', context);
    advance(2 * 60_000);
    await service.pruneExpiredChallenges();
    const finish = (start: typeof underWay) =>
      service.finishRegistration(
        'per_a',
        { challengeId: start.challengeId, credential: new SoftAuthenticator({ origin: BASE_URL }).create(start.options) },
        context,
      );
    await expect(finish(abandoned)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(finish(underWay)).resolves.toMatchObject({ name: 'Passkey' });
  });

  it('charges every ceremony it starts to the client, signed in or not, and refuses past the budget', async () => {
    const { service, addPerson } = await setUp();
    await addPerson('per_a');
    for (let n = 0; n < DEFAULT_CHALLENGE_BUDGETS.perClient / 2; n += 1) {
      await service.startRegistration('per_a', context);
      await service.startSignIn(context);
    }
    await expect(service.startSignIn(context)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(service.startRegistration('per_a', context)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(service.startSignIn({ ...context, clientAddress: '198.51.100.20' })).resolves.toHaveProperty('challengeId');
  });

  it("signs the passkey's person in, keeping the counter and when it was used", async () => {
    const { people, opened, addPerson, register, signIn } = await setUp();
    await addPerson('per_a');
    const authenticator = new SoftAuthenticator({ origin: BASE_URL });
    const added = await register('per_a', authenticator);
    const { answer } = await signIn(authenticator, 4);
    await expect(answer).resolves.toMatchObject({ token: 'token-of-per_a' });
    expect(opened).toEqual(['per_a']);
    expect(await people.getPasskey(added.id)).toMatchObject({ counter: 4, lastUsedAt: new Date('2026-11-27T10:00:00Z') });
  });

  it('refuses a replayed assertion and a counter that went backwards, opening no session', async () => {
    const { service, opened, addPerson, register, signIn } = await setUp();
    await addPerson('per_a');
    const authenticator = new SoftAuthenticator({ origin: BASE_URL });
    await register('per_a', authenticator);
    const first = await signIn(authenticator, 5);
    await first.answer;
    await expect(service.finishSignIn(first.body, context)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect((await signIn(authenticator, -2)).answer).rejects.toMatchObject({ code: 'unauthorized' });
    expect(opened).toEqual(['per_a']);
  });

  it('refuses a passkey it does not know, and one its person removed', async () => {
    const { service, audit, opened, addPerson, register, signIn } = await setUp();
    await addPerson('per_a');
    const unknown = new SoftAuthenticator({ origin: BASE_URL });
    unknown.create((await service.startRegistration('per_a', context)).options);
    await expect((await signIn(unknown)).answer).rejects.toMatchObject({ code: 'unauthorized', message: 'the passkey could not sign you in' });
    const authenticator = new SoftAuthenticator({ origin: BASE_URL });
    const added = await register('per_a', authenticator);
    await service.deletePasskey('per_a', added.id, context);
    await expect((await signIn(authenticator)).answer).rejects.toMatchObject({ code: 'unauthorized' });
    expect(opened).toEqual([]);
    expect((await audit.list({ accountId: 'acc_of_per_a' }))[0]).toMatchObject({ action: 'passkey.removed', actor: 'person:per_a' });
  });

  it("answers not_found for another person's passkey, and leaves it", async () => {
    const { service, addPerson, register } = await setUp();
    await addPerson('per_a');
    await addPerson('per_b');
    const theirs = await register('per_a');
    await expect(service.deletePasskey('per_b', theirs.id, context)).rejects.toMatchObject({ code: 'not_found' });
    expect(await service.listPasskeys('per_a')).toEqual([theirs]);
  });

  it(`stops a person at ${MAX_PASSKEYS_PER_PERSON} passkeys`, async () => {
    const { service, addPerson, register } = await setUp();
    await addPerson('per_a');
    for (let i = 0; i < MAX_PASSKEYS_PER_PERSON; i++) await register('per_a');
    await expect(service.startRegistration('per_a', context)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses a malformed credential with the field named, before any challenge is taken', async () => {
    const { service, addPerson } = await setUp();
    await addPerson('per_a');
    const start = await service.startRegistration('per_a', context);
    await expect(
      service.finishRegistration('per_a', { challengeId: start.challengeId, credential: { id: 'not base64url!' } } as never, context),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('credential.id'),
    });
  });
});
