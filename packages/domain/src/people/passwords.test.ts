import { describe, expect, it, vi } from 'vitest';
import { fromClient, testPeople, tokenOf } from '../testing/test-people.js';

const alice = { email: 'alice@example.com', password: 'correct horse battery' };
const HOUR = 3_600_000;

const withAlice = async (options: Parameters<typeof testPeople>[0] = {}) => {
  const setup = testPeople(options);
  await setup.service.signUp({ ...alice, accountName: 'Acme' }, fromClient());
  setup.mail.length = 0;
  const signedIn = await setup.service.signIn(alice, fromClient());
  return { ...setup, signedIn };
};

describe('PeopleService passwords', () => {
  it('answers a reset request the same whether or not anyone has the address, mailing only a person who does', async () => {
    const { service, mail } = await withAlice({ mailer: true });
    await expect(service.requestPasswordReset({ email: 'nobody@example.com' }, fromClient())).resolves.toBeUndefined();
    await expect(service.requestPasswordReset({ email: alice.email }, fromClient())).resolves.toBeUndefined();
    await vi.waitFor(() => expect(mail).toHaveLength(1));
    expect(mail[0]).toMatchObject({ to: alice.email, subject: 'Reset your pet store password' });
  });

  it('mails one reset link a minute at most, and throttles requests like sign-ins', async () => {
    const { service, mail, advance } = await withAlice({ mailer: true, budgets: { perEmailAndClient: 5, perClient: 100, windowSeconds: 900 } });
    await service.requestPasswordReset({ email: alice.email }, fromClient());
    await service.requestPasswordReset({ email: alice.email }, fromClient());
    advance(60_000);
    await service.requestPasswordReset({ email: alice.email }, fromClient());
    await vi.waitFor(() => expect(mail).toHaveLength(2));
    // Signing up, signing in and three requests spent the allowance of this address from this client.
    await expect(service.requestPasswordReset({ email: alice.email }, fromClient())).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(service.requestPasswordReset({ email: alice.email }, fromClient('198.51.100.3'))).resolves.toBeUndefined();
  });

  it('resets by the mailed link once, within the hour, ending every session', async () => {
    const { service, lastLinkTo, mail, signedIn, advance, actions } = await withAlice({ mailer: true });
    await service.requestPasswordReset({ email: alice.email }, fromClient());
    await vi.waitFor(() => expect(mail).toHaveLength(1));
    const token = lastLinkTo(alice.email);
    advance(HOUR - 1);
    // A refused password leaves the link usable.
    await expect(service.resetPassword({ token, password: 'short' }, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    await service.resetPassword({ token, password: 'a brand new password' }, fromClient());
    await expect(service.authenticateSession(signedIn.token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(service.signIn(alice, fromClient())).rejects.toMatchObject({ code: 'unauthorized' });
    // The mailed link proved the address.
    expect(await service.signIn({ ...alice, password: 'a brand new password' }, fromClient())).toMatchObject({ emailVerified: true });
    await expect(service.resetPassword({ token, password: 'yet another password' }, fromClient())).rejects.toMatchObject({ code: 'gone' });
    expect(actions()).toContain('password.reset');
  });

  it('refuses a reset link past its hour', async () => {
    const { service, lastLinkTo, mail, advance } = await withAlice({ mailer: true });
    await service.requestPasswordReset({ email: alice.email }, fromClient());
    await vi.waitFor(() => expect(mail).toHaveLength(1));
    advance(HOUR);
    await expect(service.resetPassword({ token: lastLinkTo(alice.email), password: 'a brand new password' }, fromClient())).rejects.toMatchObject({
      code: 'gone',
    });
    await expect(service.signIn(alice, fromClient())).resolves.toBeDefined();
  });

  it('ends every reset link issued before the password was last reset or changed', async () => {
    const { service, advance } = await withAlice();
    const resetLink = async () => tokenOf((await service.resetLinkFor(alice.email)).link);
    const gone = { code: 'gone' };
    const older = await resetLink();
    advance(1_000);
    const newer = await resetLink();
    advance(1_000);
    await service.resetPassword({ token: newer, password: 'a brand new password' }, fromClient());
    await expect(service.resetPassword({ token: older, password: 'yet another password' }, fromClient())).rejects.toMatchObject(gone);
    const beforeChange = await resetLink();
    advance(1_000);
    const signedIn = await service.signIn({ ...alice, password: 'a brand new password' }, fromClient());
    await service.changePassword(signedIn.person.id, { currentPassword: 'a brand new password', newPassword: 'the changed password' }, fromClient());
    await expect(service.resetPassword({ token: beforeChange, password: 'yet another password' }, fromClient())).rejects.toMatchObject(gone);
    await expect(service.signIn({ ...alice, password: 'the changed password' }, fromClient())).resolves.toBeDefined();
  });

  it('mails nothing without a mailer; the operator gets a link instead, recorded as theirs', async () => {
    const { service, mail, audit } = await withAlice();
    await service.requestPasswordReset({ email: alice.email }, fromClient());
    await expect(service.resetLinkFor('nobody@example.com')).rejects.toMatchObject({ code: 'not_found' });
    const { link } = await service.resetLinkFor('Alice@Example.com');
    expect(mail).toEqual([]);
    expect(audit.records.at(-1)).toMatchObject({ action: 'password.reset-requested', actor: 'operator', clientAddress: null });
    expect(JSON.stringify(audit.records)).not.toContain(tokenOf(link));
    await service.resetPassword({ token: tokenOf(link), password: 'a brand new password' }, fromClient());
    await expect(service.signIn({ ...alice, password: 'a brand new password' }, fromClient())).resolves.toBeDefined();
  });

  it('changes a password given the current one, ending every session and opening a new one', async () => {
    const { service, signedIn } = await withAlice();
    const other = await service.signIn(alice, fromClient('198.51.100.3'));
    const change = { currentPassword: 'not the password', newPassword: 'a brand new password' };
    await expect(service.changePassword(signedIn.person.id, change, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    const changed = await service.changePassword(signedIn.person.id, { ...change, currentPassword: alice.password }, fromClient());
    for (const { token } of [signedIn, other]) await expect(service.authenticateSession(token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(service.authenticateSession(changed.token)).resolves.toMatchObject({ person: { id: signedIn.person.id } });
    expect((await service.listSessions(signedIn.person.id)).map((session) => session.id)).toStrictEqual([changed.session.id]);
  });
});
