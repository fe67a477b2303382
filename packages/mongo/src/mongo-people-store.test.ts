import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { challengesCollection, invitationsCollection, membershipsCollection, peopleClaimsCollection, tokensCollection } from './collections.js';
import { invitationClaimId, tokenClaimId } from './people-claim-document.js';
import { DURING_THE_WEEK, invitation, person, token } from './testing/people-records.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoPeopleStore on the server', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('refuses a second person with a taken email as a conflict, through the unique index', async () => {
    await database.people.insertPerson(person('per_1', 'same@example.com'));
    await expect(database.people.insertPerson(person('per_2', 'same@example.com'))).rejects.toMatchObject({ code: 'conflict' });
    expect(await database.people.getPerson('per_2')).toBeNull();
    expect((await database.people.findPersonByEmail('same@example.com'))?.id).toBe('per_1');
  });

  it('refuses a second membership of a person in an account, and keeps the person in another account', async () => {
    const membership = { accountId: 'acc_1', personId: 'per_1', role: 'owner' as const, createdAt: DURING_THE_WEEK };
    await database.people.insertMembership(membership);
    await expect(database.people.insertMembership({ ...membership, role: 'member' })).rejects.toMatchObject({ code: 'conflict' });
    await database.people.insertMembership({ ...membership, accountId: 'acc_2' });
    expect(await database.people.membershipsOfPerson('per_1')).toEqual([membership, { ...membership, accountId: 'acc_2' }]);
  });

  it('reads a membership with a role this version does not know as a member', async () => {
    await membershipsCollection(database.db).insertOne({
      accountId: 'acc_1',
      personId: 'per_1',
      role: 'auditor' as 'member',
      createdAt: DURING_THE_WEEK,
    });
    expect(await database.people.membershipsOfAccount('acc_1')).toEqual([
      { accountId: 'acc_1', personId: 'per_1', role: 'member', createdAt: DURING_THE_WEEK },
    ]);
  });

  it('accepts an invitation once, and a revocation after it changes nothing', async () => {
    await database.people.insertInvitation(invitation('inv_1'));
    expect(await database.people.acceptInvitation('inv_1', DURING_THE_WEEK)).toBe(true);
    expect(await database.people.acceptInvitation('inv_1', DURING_THE_WEEK)).toBe(false);
    await database.people.revokeInvitation('inv_1', DURING_THE_WEEK);
    expect(await database.people.getInvitation('inv_1')).toMatchObject({ acceptedAt: DURING_THE_WEEK, revokedAt: null });
    expect(await database.people.acceptInvitation('inv_unknown', DURING_THE_WEEK)).toBe(false);
  });

  it('does not accept a revoked invitation', async () => {
    await database.people.insertInvitation(invitation('inv_1'));
    await database.people.revokeInvitation('inv_1', DURING_THE_WEEK);
    expect(await database.people.acceptInvitation('inv_1', DURING_THE_WEEK)).toBe(false);
    expect(await database.people.getInvitation('inv_1')).toMatchObject({ acceptedAt: null, revokedAt: DURING_THE_WEEK });
  });

  it('heals an invitation whose acceptance was claimed but not written (a crash between the two) on its next use', async () => {
    await database.people.insertInvitation(invitation('inv_1'));
    const acceptedBeforeTheCrash = new Date('2026-03-01T12:00:00.000Z');
    await peopleClaimsCollection(database.db).insertOne({
      _id: invitationClaimId('inv_1'),
      kind: 'invitation',
      outcome: 'accepted',
      at: acceptedBeforeTheCrash,
      expiresAt: invitation('inv_1').expiresAt,
    });
    expect(await database.people.acceptInvitation('inv_1', DURING_THE_WEEK)).toBe(false);
    expect(await database.people.getInvitation('inv_1')).toMatchObject({ acceptedAt: acceptedBeforeTheCrash, revokedAt: null });
  });

  it('gives a token to its first user only, and removes it', async () => {
    await database.people.insertToken(token('a'.repeat(64)));
    expect(await database.people.useToken('a'.repeat(64), DURING_THE_WEEK)).toEqual(token('a'.repeat(64)));
    expect(await database.people.useToken('a'.repeat(64), DURING_THE_WEEK)).toBeNull();
    expect(await tokensCollection(database.db).countDocuments()).toBe(0);
    expect(await database.people.useToken('b'.repeat(64), DURING_THE_WEEK)).toBeNull();
  });

  it('refuses a token claimed before a crash, and deletes it', async () => {
    await database.people.insertToken(token('a'.repeat(64)));
    await peopleClaimsCollection(database.db).insertOne({
      _id: tokenClaimId('a'.repeat(64)),
      kind: 'token',
      at: DURING_THE_WEEK,
      expiresAt: DURING_THE_WEEK,
    });
    expect(await database.people.useToken('a'.repeat(64), DURING_THE_WEEK)).toBeNull();
    expect(await tokensCollection(database.db).countDocuments()).toBe(0);
  });

  it('gives a challenge once before it expires, and deletes an expired one it meets', async () => {
    const expiresAt = new Date('2026-03-01T10:05:00.000Z');
    await database.people.insertChallenge({ id: 'chl_1', value: 'challenge-1', personId: 'per_1', expiresAt });
    await database.people.insertChallenge({ id: 'chl_2', value: 'challenge-2', personId: null, expiresAt });
    const before = new Date('2026-03-01T10:04:59.999Z');
    expect(await database.people.takeChallenge('chl_1', before)).toEqual({ value: 'challenge-1', personId: 'per_1' });
    expect(await database.people.takeChallenge('chl_1', before)).toBeNull();
    expect(await database.people.takeChallenge('chl_2', expiresAt)).toBeNull();
    expect(await challengesCollection(database.db).countDocuments()).toBe(0);
  });

  it('keeps a new challenge without deleting anything, and deletes the expired ones and their claims when asked', async () => {
    const expiresAt = new Date('2026-03-01T10:05:00.000Z');
    await database.people.insertChallenge({ id: 'chl_old', value: 'abandoned', personId: null, expiresAt });
    await database.people.insertChallenge({ id: 'chl_done', value: 'taken', personId: null, expiresAt });
    expect(await database.people.takeChallenge('chl_done', new Date('2026-03-01T10:01:00.000Z'))).not.toBeNull();
    const later = new Date('2026-03-01T10:05:00.000Z');
    await database.people.insertChallenge({ id: 'chl_new', value: 'new', personId: null, expiresAt: new Date('2026-03-01T10:10:00.000Z') });
    expect(await challengesCollection(database.db).countDocuments(), 'nothing deleted by an insert').toBe(2);
    await database.people.deleteExpiredChallenges(later);
    expect(
      await challengesCollection(database.db)
        .find({}, { projection: { _id: 1 } })
        .toArray(),
    ).toEqual([{ _id: 'chl_new' }]);
    expect(await peopleClaimsCollection(database.db).countDocuments({ kind: 'challenge' }), 'the taken challenge’s claim').toBe(0);
  });

  it('stores an invitation with exactly its fields, the link’s token only as its hash', async () => {
    await database.people.insertInvitation(invitation('inv_1'));
    const stored = await invitationsCollection(database.db).findOne({ _id: 'inv_1' });
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      ['_id', 'accountId', 'acceptedAt', 'createdAt', 'email', 'expiresAt', 'invitedBy', 'revokedAt', 'role', 'tokenHash'].sort(),
    );
  });
});
