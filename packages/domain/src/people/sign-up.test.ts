import { describe, expect, it } from 'vitest';
import { BASE_URL, fromClient, testPeople } from '../testing/test-people.js';
import { hashSecretToken } from './link-tokens.js';

const alice = { email: 'alice@example.com', password: 'correct horse battery', accountName: 'Acme' };
const credentials = { email: alice.email, password: alice.password };
const DAY = 24 * 3_600_000;

describe('PeopleService sign-up', () => {
  it('makes an account with its first owner, recorded as that person', async () => {
    const { service, actions, audit } = testPeople();
    expect(await service.signUp(alice, fromClient())).toStrictEqual({ email: alice.email, verificationRequired: false });
    const { person, account, membership, emailVerified } = await service.signIn(credentials, fromClient());
    expect({ name: account.name, role: membership.role, emailVerified }).toStrictEqual({ name: 'Acme', role: 'owner', emailVerified: true });
    expect(actions()).toStrictEqual(['account.created', 'person.signed-up', 'session.started']);
    expect(audit.records[0]).toMatchObject({ actor: `person:${person.id}`, clientAddress: '203.0.113.7', accountId: account.id });
  });

  it('refuses bad input and weak passwords, changing nothing', async () => {
    const { service, people, keys } = testPeople();
    await expect(service.signUp({ ...alice, email: 'not an address' }, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(service.signUp({ ...alice, accountName: 'a\u202Eb' }, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(service.signUp({ ...alice, password: 'short' }, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(service.signUp({ ...alice, role: 'owner' } as typeof alice, fromClient())).rejects.toMatchObject({ code: 'invalid_request' });
    expect([people.people.size, keys.accounts.size]).toStrictEqual([0, 0]);
  });

  it('follows PETSTORE_SIGNUP: invite and closed refuse sign-up', async () => {
    for (const signUpPolicy of ['invite', 'closed'] as const) {
      const { service, people } = testPeople({ signUpPolicy });
      await expect(service.signUp(alice, fromClient())).rejects.toMatchObject({ code: 'forbidden' });
      expect(people.people.size).toBe(0);
    }
  });

  it('says a taken address is taken when verification is off', async () => {
    const { service } = testPeople();
    await service.signUp(alice, fromClient());
    await expect(service.signUp({ ...alice, email: 'ALICE@example.com' }, fromClient())).rejects.toMatchObject({ code: 'conflict' });
  });

  it('answers a taken address like a free one when verification is on, mailing its owner a notice instead', async () => {
    const { service, mail, keys } = testPeople({ mailer: true });
    const first = await service.signUp(alice, fromClient());
    const again = await service.signUp({ ...alice, password: 'a different password' }, fromClient());
    expect(again).toStrictEqual(first);
    expect(first).toStrictEqual({ email: alice.email, verificationRequired: true });
    expect(mail.map((message) => message.subject)).toStrictEqual([
      'Verify your email address for the pet store',
      'Someone tried to sign up with your address',
    ]);
    expect(mail[1]?.text).not.toContain('#token=');
    expect(keys.accounts.size).toBe(1);
  });

  it('mails one notice a minute at most about a taken address, and throttles sign-ups from one client', async () => {
    const { service, mail, advance } = testPeople({ mailer: true, budgets: { perEmailAndClient: 3, perClient: 100, windowSeconds: 900 } });
    await service.signUp(alice, fromClient());
    await service.signUp(alice, fromClient());
    await service.signUp(alice, fromClient());
    expect(mail).toHaveLength(2);
    await expect(service.signUp(alice, fromClient())).rejects.toMatchObject({ code: 'rate_limited' });
    advance(60_000);
    await service.signUp(alice, fromClient('198.51.100.3'));
    expect(mail.map((message) => message.subject.startsWith('Someone tried'))).toStrictEqual([false, true, true]);
  });

  it('verifies the address by the mailed link, once, within 24 hours', async () => {
    const { service, people, lastLinkTo, mail, advance, actions } = testPeople({ mailer: true });
    await service.signUp(alice, fromClient());
    expect(mail[0]?.text).toContain(`${BASE_URL}/portal/verify-email#token=`);
    const token = lastLinkTo(alice.email);
    expect([...people.tokens.keys()]).toStrictEqual([hashSecretToken(token)]);
    expect((await service.signIn(credentials, fromClient())).emailVerified).toBe(false);
    advance(DAY - 1);
    await service.verifyEmail({ token }, fromClient());
    expect((await service.signIn(credentials, fromClient())).emailVerified).toBe(true);
    await expect(service.verifyEmail({ token }, fromClient())).rejects.toMatchObject({ code: 'gone' });
    expect(actions().filter((action) => action === 'person.verified')).toHaveLength(1);
  });

  it('refuses a verification link past its day; a new one can be asked for', async () => {
    const { service, lastLinkTo, advance, mail } = testPeople({ mailer: true });
    await service.signUp(alice, fromClient());
    advance(DAY);
    await expect(service.verifyEmail({ token: lastLinkTo(alice.email) }, fromClient())).rejects.toMatchObject({ code: 'gone' });
    const { person, emailVerified } = await service.signIn(credentials, fromClient());
    expect(emailVerified).toBe(false);
    await service.resendVerification(person.id);
    expect(mail).toHaveLength(2);
    await expect(service.resendVerification(person.id)).rejects.toMatchObject({ code: 'rate_limited' });
    await service.verifyEmail({ token: lastLinkTo(alice.email) }, fromClient());
    advance(60_000);
    await service.resendVerification(person.id);
    expect(mail).toHaveLength(2);
  });
});
