import { describe, expect, it } from 'vitest';
import { BASE_URL, fromClient, signedUpOwner, testPeople, tokenOf } from '../testing/test-people.js';

const owner = { email: 'owner@example.com', password: 'correct horse battery' };
const invitee = { email: 'new@example.com', password: 'a fine new password' };
const WEEK = 7 * 24 * 3_600_000;

/** An account with its owner signed in. */
const withOwner = async (options: Parameters<typeof testPeople>[0] = {}) => {
  const setup = testPeople(options);
  const signedIn = await signedUpOwner(setup, owner);
  const invite = async (email = invitee.email, role: 'owner' | 'member' = 'member') =>
    setup.service.createInvitation(signedIn.person.id, signedIn.account.id, { email, role }, fromClient());
  return { ...setup, signedIn, ownerId: signedIn.person.id, accountId: signedIn.account.id, invite };
};

describe('PeopleService invitations', () => {
  it('answers the link when no mail is configured; the invited address accepts it once and joins, verified', async () => {
    const { service, invite, accountId, actions } = await withOwner();
    const { invitation, link } = await invite('New@Example.com');
    expect(invitation).toMatchObject({ accountId, email: invitee.email, role: 'member' });
    expect(link?.link).toMatch(new RegExp(`^${BASE_URL}/portal/accept-invitation#token=[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(link?.link ?? '');
    await expect(service.acceptInvitation({ token, email: 'other@example.com', password: invitee.password }, fromClient())).rejects.toMatchObject({
      code: 'forbidden',
    });
    const joined = await service.acceptInvitation({ token, ...invitee }, fromClient());
    expect(joined).toMatchObject({ account: { id: accountId }, membership: { role: 'member' }, emailVerified: true });
    await expect(service.acceptInvitation({ token, ...invitee }, fromClient())).rejects.toMatchObject({ code: 'gone' });
    expect(actions().slice(-3)).toStrictEqual(['person.signed-up', 'member.joined', 'session.started']);
  });

  it('lets exactly one of many acceptances of one invitation at once in', async () => {
    const { service, invite, people } = await withOwner();
    const token = tokenOf((await invite()).link?.link ?? '');
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => service.acceptInvitation({ token, ...invitee }, fromClient())));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect([...people.people.values()].filter((person) => person.email === invitee.email)).toHaveLength(1);
  });

  it('mails the link when mail is configured, and answers none', async () => {
    const { invite, mail, lastLinkTo, service } = await withOwner({ mailer: true });
    expect((await invite()).link).toBeNull();
    expect(mail[0]).toMatchObject({ to: invitee.email, subject: 'Your invitation to an account at the pet store' });
    expect(mail[0]?.text).toContain('You are invited to join the account "Acme" at the pet store.');
    await expect(service.acceptInvitation({ token: lastLinkTo(invitee.email), ...invitee }, fromClient())).resolves.toBeDefined();
  });

  it('refuses an invitation withdrawn or past its week', async () => {
    const { service, invite, ownerId, accountId, advance } = await withOwner();
    const withdrawn = await invite();
    await service.revokeInvitation(ownerId, accountId, withdrawn.invitation.id, fromClient());
    await expect(service.acceptInvitation({ token: tokenOf(withdrawn.link?.link ?? ''), ...invitee }, fromClient())).rejects.toMatchObject({
      code: 'gone',
    });
    const late = await invite();
    advance(WEEK);
    await expect(service.acceptInvitation({ token: tokenOf(late.link?.link ?? ''), ...invitee }, fromClient())).rejects.toMatchObject({
      code: 'gone',
    });
    const listed = await service.listInvitations(ownerId, accountId);
    expect(Object.fromEntries(listed.map((each) => [each.id, each.revokedAt !== null]))).toStrictEqual({
      [withdrawn.invitation.id]: true,
      [late.invitation.id]: false,
    });
  });

  it('lets a person removed from their account join another with their own password, verified by the link', async () => {
    const { service, invite, lastLinkTo } = await withOwner({ mailer: true });
    // Someone signs up elsewhere (unverified), the operator invites a second owner, who removes them.
    const loner = { email: 'loner@example.com', password: 'a lonely password' };
    await service.signUp({ ...loner, accountName: 'Solo' }, fromClient());
    const solo = await service.signIn(loner, fromClient());
    const { link } = await service.inviteAsOperator(solo.account.id, { email: 'heir@example.com', role: 'owner' });
    const heir = await service.acceptInvitation(
      { token: tokenOf(link.link), email: 'heir@example.com', password: 'the heir password' },
      fromClient(),
    );
    await service.removeMember(heir.person.id, solo.account.id, solo.person.id, fromClient());
    await invite(loner.email);
    const joined = await service.acceptInvitation({ token: lastLinkTo(loner.email), ...loner }, fromClient());
    expect(joined).toMatchObject({ person: { id: solo.person.id }, account: { name: 'Acme' }, membership: { role: 'member' }, emailVerified: true });
  });

  it('refuses an owner whose address is not verified while mail is on, and mails nothing', async () => {
    const { service, mail } = testPeople({ mailer: true });
    await service.signUp({ ...owner, accountName: 'Acme' }, fromClient());
    const { person, account } = await service.signIn(owner, fromClient());
    mail.length = 0;
    await expect(service.createInvitation(person.id, account.id, { email: invitee.email }, fromClient())).rejects.toMatchObject({
      code: 'forbidden',
      message: 'verify your email address first (follow the link mailed to you), then invite people',
    });
    expect(mail).toEqual([]);
  });

  it('lets a person in no account accept with their own password, but not one in an account already, whose right password answers as a wrong one', async () => {
    const { service, invite } = await withOwner();
    await service.signUp({ ...invitee, accountName: 'Elsewhere' }, fromClient());
    const token = tokenOf((await invite()).link?.link ?? '');
    await expect(service.acceptInvitation({ token, ...invitee, password: 'not their password' }, fromClient())).rejects.toMatchObject({
      code: 'unauthorized',
    });
    const notAccepted = await service
      .acceptInvitation({ token, ...invitee, password: 'not their password' }, fromClient())
      .catch((error: unknown) => error);
    await expect(service.acceptInvitation({ token, ...invitee }, fromClient()), 'the right password answers as a wrong one').rejects.toStrictEqual(
      notAccepted,
    );
  });

  it('charges each acceptance to the sign-in throttle before the password is looked at, the right one included', async () => {
    const { service, invite } = await withOwner({ budgets: { perEmailAndClient: 3, perClient: 100, windowSeconds: 900 } });
    await service.signUp({ ...invitee, accountName: 'Elsewhere' }, fromClient('198.51.100.3'));
    const token = tokenOf((await invite()).link?.link ?? '');
    const tries = ['the first guess', 'the second guess', 'the third guess', invitee.password].map((password) => ({ token, ...invitee, password }));
    const outcomes = await Promise.all(
      tries.map((attempt) => service.acceptInvitation(attempt, fromClient()).catch((error: { code: string }) => error.code)),
    );
    expect(outcomes).toStrictEqual(['unauthorized', 'unauthorized', 'unauthorized', 'rate_limited']);
  });

  it('lets the operator invite someone to sign up with an account of their own, under PETSTORE_SIGNUP=invite but not closed', async () => {
    const { service, keys } = testPeople({ signUpPolicy: 'invite' });
    const { link, invitation } = await service.inviteAsOperator(null, { email: invitee.email });
    expect(invitation).toMatchObject({ accountId: null, role: 'owner', invitedBy: 'operator' });
    const token = tokenOf(link.link);
    await expect(service.acceptInvitation({ token, ...invitee }, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    const joined = await service.acceptInvitation({ token, ...invitee, accountName: 'Newco' }, fromClient());
    expect(joined).toMatchObject({ account: { name: 'Newco' }, membership: { role: 'owner' } });
    expect(keys.accounts.size).toBe(1);
    await expect(testPeople({ signUpPolicy: 'closed' }).service.inviteAsOperator(null, { email: invitee.email })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('PeopleService members', () => {
  it('lets only owners manage members; another account is not found', async () => {
    const { service, invite, accountId, ownerId } = await withOwner();
    const member = await service.acceptInvitation({ token: tokenOf((await invite()).link?.link ?? ''), ...invitee }, fromClient());
    const stranger = testPeople();
    await expect(service.listMembers(member.person.id, accountId)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.createInvitation(member.person.id, accountId, { email: 'x@example.com' }, fromClient())).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(service.removeMember(member.person.id, accountId, ownerId, fromClient())).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.listMembers(ownerId, 'acc_other')).rejects.toMatchObject({ code: 'not_found' });
    await expect(stranger.service.listMembers(ownerId, accountId)).rejects.toMatchObject({ code: 'not_found' });
    expect((await service.listMembers(ownerId, accountId)).map((each) => [each.person.email, each.role])).toStrictEqual([
      [owner.email, 'owner'],
      [invitee.email, 'member'],
    ]);
  });

  it('never removes the last owner, and ends the sessions of a member removed', async () => {
    const { service, invite, accountId, ownerId, audit } = await withOwner();
    await expect(service.removeMember(ownerId, accountId, ownerId, fromClient())).rejects.toMatchObject({ code: 'conflict' });
    const member = await service.acceptInvitation({ token: tokenOf((await invite()).link?.link ?? ''), ...invitee }, fromClient());
    await service.removeMember(ownerId, accountId, member.person.id, fromClient());
    await expect(service.authenticateSession(member.token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(service.signIn(invitee, fromClient())).rejects.toMatchObject({ code: 'forbidden' });
    expect(audit.records.at(-1)).toMatchObject({ action: 'member.removed', actor: `person:${ownerId}`, personId: member.person.id });
    const second = await service.acceptInvitation(
      { token: tokenOf((await invite('second@example.com', 'owner')).link?.link ?? ''), ...invitee, email: 'second@example.com' },
      fromClient(),
    );
    await service.removeMember(second.person.id, accountId, ownerId, fromClient());
    expect((await service.listMembers(second.person.id, accountId)).map((each) => each.person.email)).toStrictEqual(['second@example.com']);
  });

  it('lists people for the operator, with their memberships and no hashes', async () => {
    const { service, accountId } = await withOwner();
    const listed = await service.listPeople({ accountId });
    expect(listed).toMatchObject([{ email: owner.email, memberships: [{ accountId, role: 'owner' }] }]);
    expect(JSON.stringify(listed)).not.toContain('test-sha256');
    expect(await service.listPeople({ accountId: 'acc_none' })).toEqual([]);
  });
});
