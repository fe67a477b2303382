import type { Invitation, Membership, OneTimeToken, Passkey, PeopleStore, Person, Session } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { useFreshStores } from './store-fixture.js';

/** A people store over fresh, empty storage; `close` releases (and for databases, drops) it. */
export interface PeopleStoreFixture {
  people: PeopleStore;
  close(): Promise<void>;
}

export type MakePeopleStore = () => Promise<PeopleStoreFixture>;

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (seconds: number): Date => new Date(T0 + seconds * 1000);

const person = (id: string, overrides: Partial<Person> = {}): Person => ({
  id,
  email: `${id}@example.com`,
  emailVerifiedAt: null,
  passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${id}`,
  passwordChangedAt: at(0),
  createdAt: at(0),
  ...overrides,
});

const membership = (accountId: string, personId: string, role: Membership['role'] = 'member'): Membership => ({
  accountId,
  personId,
  role,
  createdAt: at(1),
});

const invitation = (id: string, overrides: Partial<Invitation> = {}): Invitation => ({
  id,
  accountId: 'acc_1',
  email: `invited-${id}@example.com`,
  role: 'member',
  tokenHash: `token-hash-of-${id}`.padEnd(64, '0'),
  invitedBy: 'person:per_1',
  createdAt: at(0),
  expiresAt: at(7 * 86_400),
  acceptedAt: null,
  revokedAt: null,
  ...overrides,
});

const session = (id: string, personId: string, overrides: Partial<Session> = {}): Session => ({
  id: id.padEnd(64, '0'),
  personId,
  createdAt: at(0),
  lastSeenAt: at(0),
  expiresAt: at(12 * 3600),
  clientAddress: '203.0.113.7',
  userAgent: 'curl/8.5.0',
  ...overrides,
});

const token = (hash: string, overrides: Partial<OneTimeToken> = {}): OneTimeToken => ({
  hash: hash.padEnd(64, '0'),
  purpose: 'reset-password',
  personId: 'per_1',
  email: 'per_1@example.com',
  createdAt: at(0),
  expiresAt: at(3600),
  ...overrides,
});

const passkey = (id: string, personId: string, overrides: Partial<Passkey> = {}): Passkey => ({
  id,
  personId,
  publicKey: `public-key-of-${id}`,
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: 'laptop',
  createdAt: at(0),
  lastUsedAt: null,
  ...overrides,
});

const byId = <T extends { id: string }>(items: T[]): T[] => items.toSorted((a, b) => a.id.localeCompare(b.id));
const many = <T>(count: number, make: (n: number) => T): T[] => Array.from({ length: count }, (_, n) => make(n));

/**
 * Every behaviour a PeopleStore promises, stated once and run against each store. The once-only
 * claims (an email, a membership, an invitation's acceptance, a token's use, a challenge) are
 * asked for by many callers at once: exactly one may get each.
 */
export function definePeopleStoreSuite(name: string, makeStore: MakePeopleStore): void {
  describe(`${name} people store`, () => {
    const fixture = useFreshStores(makeStore);
    const store = () => fixture().people;

    describe('people', () => {
      it('finds an inserted person by id and by email, exactly, and answers null for unknown ones', async () => {
        const full = person('per_1', { emailVerifiedAt: at(5), passwordChangedAt: at(6) });
        await store().insertPerson(full);
        expect(await store().getPerson('per_1')).toStrictEqual(full);
        expect(await store().findPersonByEmail('per_1@example.com')).toStrictEqual(full);
        expect(await store().getPerson('per_2')).toBeNull();
        expect(await store().findPersonByEmail('per_2@example.com')).toBeNull();
      });

      it('refuses a second person with the same email, keeping the first', async () => {
        await store().insertPerson(person('per_1'));
        await expect(store().insertPerson(person('per_2', { email: 'per_1@example.com' }))).rejects.toMatchObject({ code: 'conflict' });
        expect(await store().findPersonByEmail('per_1@example.com')).toStrictEqual(person('per_1'));
        expect(await store().getPerson('per_2')).toBeNull();
      });

      it('lets exactly one of many people signing up with one email at once have it', async () => {
        const outcomes = await Promise.allSettled(many(20, (n) => store().insertPerson(person(`per_${n}`, { email: 'same@example.com' }))));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'conflict' });
        const kept = await store().findPersonByEmail('same@example.com');
        expect(kept?.email).toBe('same@example.com');
        expect(await store().listPeople({})).toStrictEqual([kept]);
      });

      it('changes only what is given and answers the person after, or null for nobody', async () => {
        await store().insertPerson(person('per_1'));
        await store().insertPerson(person('per_2'));
        const verified = { ...person('per_1'), emailVerifiedAt: at(10) };
        expect(await store().updatePerson('per_1', { emailVerifiedAt: at(10) })).toStrictEqual(verified);
        const changed = { ...verified, passwordHash: '$argon2id$new', passwordChangedAt: at(20) };
        expect(await store().updatePerson('per_1', { passwordHash: '$argon2id$new', passwordChangedAt: at(20) })).toStrictEqual(changed);
        expect(await store().findPersonByEmail('per_1@example.com')).toStrictEqual(changed);
        expect(await store().getPerson('per_2')).toStrictEqual(person('per_2'));
        expect(await store().updatePerson('per_missing', { emailVerifiedAt: at(1) })).toBeNull();
      });

      it('lists everyone, or the members of one account', async () => {
        for (const id of ['per_1', 'per_2', 'per_3']) await store().insertPerson(person(id));
        await store().insertMembership(membership('acc_1', 'per_1', 'owner'));
        await store().insertMembership(membership('acc_1', 'per_3'));
        await store().insertMembership(membership('acc_2', 'per_2', 'owner'));
        expect(byId(await store().listPeople({}))).toStrictEqual([person('per_1'), person('per_2'), person('per_3')]);
        expect(byId(await store().listPeople({ accountId: 'acc_1' }))).toStrictEqual([person('per_1'), person('per_3')]);
        expect(await store().listPeople({ accountId: 'acc_none' })).toEqual([]);
      });
    });

    describe('memberships', () => {
      const sorted = (memberships: Membership[]) =>
        memberships.toSorted((a, b) => `${a.accountId}/${a.personId}`.localeCompare(`${b.accountId}/${b.personId}`));

      it('lists memberships by person and by account, and deletes one', async () => {
        await store().insertMembership(membership('acc_1', 'per_1', 'owner'));
        await store().insertMembership(membership('acc_1', 'per_2'));
        await store().insertMembership(membership('acc_2', 'per_1'));
        expect(sorted(await store().membershipsOfPerson('per_1'))).toStrictEqual([
          membership('acc_1', 'per_1', 'owner'),
          membership('acc_2', 'per_1'),
        ]);
        expect(sorted(await store().membershipsOfAccount('acc_1'))).toStrictEqual([
          membership('acc_1', 'per_1', 'owner'),
          membership('acc_1', 'per_2'),
        ]);
        await store().deleteMembership('acc_1', 'per_1');
        await store().deleteMembership('acc_9', 'per_9');
        expect(await store().membershipsOfPerson('per_1')).toStrictEqual([membership('acc_2', 'per_1')]);
        expect(await store().membershipsOfAccount('acc_1')).toStrictEqual([membership('acc_1', 'per_2')]);
        expect(await store().membershipsOfPerson('per_none')).toEqual([]);
      });

      it('refuses a second membership of a person in one account, also when many are asked for at once', async () => {
        const outcomes = await Promise.allSettled(
          many(20, (n) => store().insertMembership(membership('acc_1', 'per_1', n % 2 ? 'owner' : 'member'))),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'conflict' });
        expect(await store().membershipsOfAccount('acc_1')).toHaveLength(1);
      });
    });

    describe('invitations', () => {
      it('finds an invitation by id and by its token hash, and lists those of one account', async () => {
        const signUp = invitation('inv_3', { accountId: null, role: 'owner', invitedBy: 'ops@example' });
        for (const each of [invitation('inv_1'), invitation('inv_2', { accountId: 'acc_2' }), signUp]) await store().insertInvitation(each);
        expect(await store().getInvitation('inv_1')).toStrictEqual(invitation('inv_1'));
        expect(await store().getInvitation('inv_3')).toStrictEqual(signUp);
        expect(await store().findInvitationByTokenHash(signUp.tokenHash)).toStrictEqual(signUp);
        expect(await store().findInvitationByTokenHash('f'.repeat(64))).toBeNull();
        expect(await store().getInvitation('inv_none')).toBeNull();
        expect(await store().listInvitations('acc_1')).toStrictEqual([invitation('inv_1')]);
        expect(await store().listInvitations('acc_none')).toEqual([]);
      });

      it('refuses a second invitation with the same id, keeping the first, also when many are inserted at once', async () => {
        const outcomes = await Promise.allSettled(many(20, (n) => store().insertInvitation(invitation('inv_1', { email: `n${n}@example.com` }))));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'conflict' });
        const kept = await store().getInvitation('inv_1');
        expect(outcomes[Number(kept?.email.slice(1, -'@example.com'.length))]?.status).toBe('fulfilled');
      });

      it('lets exactly one of many acceptances of one invitation at once succeed', async () => {
        await store().insertInvitation(invitation('inv_1'));
        const answers = await Promise.all(many(20, (n) => store().acceptInvitation('inv_1', at(100 + n))));
        expect(answers.filter(Boolean)).toHaveLength(1);
        const accepted = await store().getInvitation('inv_1');
        expect(accepted?.acceptedAt?.getTime()).toBe(at(100 + answers.indexOf(true)).getTime());
        expect(accepted?.revokedAt).toBeNull();
        expect(await store().acceptInvitation('inv_1', at(200))).toBe(false);
      });

      it('closes an invitation once: a revoked one cannot be accepted, an accepted one is not revoked, the first revocation stands', async () => {
        await store().insertInvitation(invitation('inv_1'));
        await store().insertInvitation(invitation('inv_2'));
        await store().revokeInvitation('inv_1', at(10));
        await store().revokeInvitation('inv_1', at(20));
        expect(await store().acceptInvitation('inv_1', at(30))).toBe(false);
        expect(await store().getInvitation('inv_1')).toStrictEqual(invitation('inv_1', { revokedAt: at(10) }));
        expect(await store().acceptInvitation('inv_2', at(40))).toBe(true);
        await store().revokeInvitation('inv_2', at(50));
        expect(await store().getInvitation('inv_2')).toStrictEqual(invitation('inv_2', { acceptedAt: at(40) }));
        expect(await store().acceptInvitation('inv_missing', at(60))).toBe(false);
      });

      it('decides a race between acceptances and revocations once', async () => {
        await store().insertInvitation(invitation('inv_1'));
        const accepts = many(10, (n) => store().acceptInvitation('inv_1', at(100 + n)));
        const revokes = many(10, (n) => store().revokeInvitation('inv_1', at(200 + n)));
        const [accepted] = await Promise.all([Promise.all(accepts), Promise.all(revokes)]);
        const after = await store().getInvitation('inv_1');
        const wins = accepted.filter(Boolean).length;
        expect(wins).toBeLessThanOrEqual(1);
        expect(after?.acceptedAt === null).toBe(wins === 0);
        expect(after?.revokedAt === null).toBe(wins === 1);
      });
    });

    describe('sessions', () => {
      it('keeps a session exactly, lists those of one person, and deletes one', async () => {
        await store().insertSession(session('a', 'per_1'));
        await store().insertSession(session('b', 'per_1', { userAgent: '', clientAddress: '2001:db8::1' }));
        await store().insertSession(session('c', 'per_2'));
        expect(await store().getSession(session('a', 'per_1').id)).toStrictEqual(session('a', 'per_1'));
        expect(byId(await store().listSessions('per_1'))).toStrictEqual([
          session('a', 'per_1'),
          session('b', 'per_1', { userAgent: '', clientAddress: '2001:db8::1' }),
        ]);
        await store().deleteSession(session('a', 'per_1').id);
        await store().deleteSession('0'.repeat(64));
        expect(await store().getSession(session('a', 'per_1').id)).toBeNull();
        expect((await store().listSessions('per_1')).map((each) => each.id)).toStrictEqual([session('b', 'per_1').id]);
      });

      it('records the latest use of a session, never moving it back', async () => {
        await store().insertSession(session('a', 'per_1'));
        await store().touchSession(session('a', 'per_1').id, at(120));
        await store().touchSession(session('a', 'per_1').id, at(60));
        await store().touchSession('0'.repeat(64), at(60));
        expect(await store().getSession(session('a', 'per_1').id)).toStrictEqual(session('a', 'per_1', { lastSeenAt: at(120) }));
      });

      it("ends every session of one person, saying how many, and no one else's", async () => {
        for (const each of ['a', 'b', 'c']) await store().insertSession(session(each, 'per_1'));
        await store().insertSession(session('d', 'per_2'));
        expect(await store().deleteSessionsOf('per_1')).toBe(3);
        expect(await store().deleteSessionsOf('per_1')).toBe(0);
        expect(await store().listSessions('per_1')).toEqual([]);
        expect(await store().getSession(session('d', 'per_2').id)).toStrictEqual(session('d', 'per_2'));
      });
    });

    describe('one-time tokens', () => {
      it('gives a token to the first use only, expired or not, and null for an unknown one', async () => {
        const verify = token('v', { purpose: 'verify-email', expiresAt: at(10) });
        await store().insertToken(token('r'));
        await store().insertToken(verify);
        expect(await store().useToken(token('r').hash, at(5))).toStrictEqual(token('r'));
        expect(await store().useToken(token('r').hash, at(6))).toBeNull();
        expect(await store().useToken(verify.hash, at(3600))).toStrictEqual(verify);
        expect(await store().useToken(verify.hash, at(3601))).toBeNull();
        expect(await store().useToken('e'.repeat(64), at(5))).toBeNull();
      });

      it('lets exactly one of many uses of one token at once have it', async () => {
        await store().insertToken(token('r'));
        const answers = await Promise.all(many(20, () => store().useToken(token('r').hash, at(5))));
        expect(answers.filter((answer) => answer !== null)).toStrictEqual([token('r')]);
      });
    });

    describe('passkeys and challenges', () => {
      it('keeps passkeys exactly, records their use, lists and deletes them', async () => {
        await store().insertPasskey(passkey('cred_1', 'per_1'));
        await store().insertPasskey(passkey('cred_2', 'per_1', { transports: [] }));
        await store().insertPasskey(passkey('cred_3', 'per_2'));
        await store().recordPasskeyUse('cred_1', 7, at(60));
        const used = passkey('cred_1', 'per_1', { counter: 7, lastUsedAt: at(60) });
        expect(await store().getPasskey('cred_1')).toStrictEqual(used);
        expect(byId(await store().listPasskeys('per_1'))).toStrictEqual([used, passkey('cred_2', 'per_1', { transports: [] })]);
        await store().deletePasskey('cred_1');
        expect(await store().getPasskey('cred_1')).toBeNull();
        expect((await store().listPasskeys('per_1')).map((each) => each.id)).toStrictEqual(['cred_2']);
      });

      it('refuses a second passkey with the same credential id', async () => {
        await store().insertPasskey(passkey('cred_1', 'per_1'));
        await expect(store().insertPasskey(passkey('cred_1', 'per_2'))).rejects.toMatchObject({ code: 'conflict' });
        expect(await store().getPasskey('cred_1')).toStrictEqual(passkey('cred_1', 'per_1'));
      });

      it('gives a challenge once, and never once it has expired', async () => {
        await store().insertChallenge({ id: 'ch_1', value: 'value-1', personId: 'per_1', expiresAt: at(300) });
        await store().insertChallenge({ id: 'ch_2', value: 'value-2', personId: null, expiresAt: at(300) });
        expect(await store().takeChallenge('ch_1', at(299))).toStrictEqual({ value: 'value-1', personId: 'per_1' });
        expect(await store().takeChallenge('ch_1', at(299))).toBeNull();
        expect(await store().takeChallenge('ch_2', at(300))).toBeNull();
        expect(await store().takeChallenge('ch_missing', at(1))).toBeNull();
        await store().insertChallenge({ id: 'ch_3', value: 'value-3', personId: null, expiresAt: at(300) });
        const answers = await Promise.all(many(20, () => store().takeChallenge('ch_3', at(1))));
        expect(answers.filter((answer) => answer !== null)).toStrictEqual([{ value: 'value-3', personId: null }]);
      });

      it('deletes the challenges expired at a time, taken or not, and keeps the others until then', async () => {
        await store().insertChallenge({ id: 'ch_late', value: 'late', personId: null, expiresAt: at(600) });
        await store().insertChallenge({ id: 'ch_early', value: 'early', personId: null, expiresAt: at(300) });
        await store().insertChallenge({ id: 'ch_taken', value: 'taken', personId: null, expiresAt: at(300) });
        await store().insertChallenge({ id: 'ch_at', value: 'at', personId: 'per_1', expiresAt: at(450) });
        expect(await store().takeChallenge('ch_taken', at(10))).not.toBeNull();
        await store().deleteExpiredChallenges(at(450));
        // Taken at a time they had not expired yet: only what was kept answers.
        expect(await store().takeChallenge('ch_early', at(1))).toBeNull();
        expect(await store().takeChallenge('ch_at', at(1))).toBeNull();
        expect(await store().takeChallenge('ch_late', at(1))).toStrictEqual({ value: 'late', personId: null });
      });
    });

    it('does not let a caller change what is stored through what it passed in or got back', async () => {
      const given = passkey('cred_1', 'per_1');
      await store().insertPasskey(given);
      given.transports.push('usb');
      const got = await store().getPasskey('cred_1');
      got?.transports.push('nfc');
      if (got) got.counter = 99;
      expect(await store().getPasskey('cred_1')).toStrictEqual(passkey('cred_1', 'per_1'));
      const inserted = person('per_1');
      await store().insertPerson(inserted);
      inserted.createdAt.setTime(0);
      expect(await store().getPerson('per_1')).toStrictEqual(person('per_1'));
    });
  });
}
