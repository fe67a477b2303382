import { describe, expect, it } from 'vitest';
import { fastTestPasswordHasher } from '../testing/fast-test-password-hasher.js';
import { fromClient, testPeople } from '../testing/test-people.js';
import { WRONG_EMAIL_OR_PASSWORD } from './sign-in.js';

const alice = { email: 'alice@example.com', password: 'correct horse battery' };
const budgets = { perEmailAndClient: 5, perClient: 50, windowSeconds: 900 };

const withAlice = async (options: Parameters<typeof testPeople>[0] = {}) => {
  const setup = testPeople({ budgets, ...options });
  await setup.service.signUp({ ...alice, accountName: 'Acme' }, fromClient());
  return setup;
};

describe('PeopleService sign-in', () => {
  it('refuses a wrong password and an unknown email the same way', async () => {
    const { service } = await withAlice();
    const refusal = { code: 'unauthorized', message: WRONG_EMAIL_OR_PASSWORD };
    await expect(service.signIn({ ...alice, password: 'not the password' }, fromClient())).rejects.toMatchObject(refusal);
    await expect(service.signIn({ ...alice, email: 'nobody@example.com' }, fromClient())).rejects.toMatchObject(refusal);
    await expect(service.signIn({ ...alice, email: 'ALICE@example.com' }, fromClient())).resolves.toMatchObject({ person: { email: alice.email } });
  });

  it('verifies a password for an unknown email too, against a hash made by the same hasher', async () => {
    const verified: string[] = [];
    const hasher = {
      hash: (password: string) => fastTestPasswordHasher.hash(password),
      verify: (stored: string, password: string) => {
        verified.push(stored.split('$')[1] ?? '');
        return fastTestPasswordHasher.verify(stored, password);
      },
    };
    const { service } = await withAlice({ hasher });
    await expect(service.signIn({ email: 'nobody@example.com', password: 'whatever it is' }, fromClient())).rejects.toMatchObject({
      code: 'unauthorized',
    });
    await expect(service.signIn({ ...alice, password: 'whatever it is' }, fromClient())).rejects.toMatchObject({ code: 'unauthorized' });
    expect(verified).toStrictEqual(['test-sha256', 'test-sha256']);
  });

  it('lets at most the allowance of concurrent attempts from one client through, and the owner in from elsewhere', async () => {
    const { service, actions } = await withAlice();
    const attempts = Array.from({ length: 40 }, () => service.signIn({ ...alice, password: 'guessing wrongly' }, fromClient('198.51.100.9')));
    const outcomes = await Promise.allSettled(attempts);
    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { code: string }).code : 'signed-in'));
    expect(codes.filter((code) => code === 'unauthorized')).toHaveLength(budgets.perEmailAndClient);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(40 - budgets.perEmailAndClient);
    // The right password from the guesser's address is throttled too; from the owner's own, it works.
    await expect(service.signIn(alice, fromClient('198.51.100.9'))).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(service.signIn(alice, fromClient('2001:db8:1:2::5'))).resolves.toMatchObject({ person: { email: alice.email } });
    // Throttled attempts are in the trail, once a minute at most, as nobody's.
    expect(actions().filter((action) => action === 'signin.throttled')).toHaveLength(1);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { service } = await withAlice();
    for (let n = 1; n <= budgets.perEmailAndClient; n += 1) {
      await expect(service.signIn({ ...alice, password: 'guessing wrongly' }, fromClient(`2001:db8:0:7::${n}`))).rejects.toMatchObject({
        code: 'unauthorized',
      });
    }
    await expect(service.signIn(alice, fromClient('2001:db8:0:7::ffff'))).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(service.signIn(alice, fromClient('2001:db8:0:8::1'))).resolves.toBeDefined();
  });

  it("refuses a suspended account's person after the password is checked, and their sessions", async () => {
    const { service, accounts } = await withAlice();
    const before = await service.signIn(alice, fromClient());
    await accounts.suspendAccount(before.account.id);
    await expect(service.signIn({ ...alice, password: 'not the password' }, fromClient())).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(service.signIn(alice, fromClient())).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('is suspended') });
    await expect(service.authenticateSession(before.token)).rejects.toMatchObject({ code: 'forbidden' });
    await accounts.resumeAccount(before.account.id);
    await expect(service.authenticateSession(before.token)).resolves.toBeDefined();
  });

  it('records a sign-in as the person, from their address, with nothing secret', async () => {
    const { service, audit } = await withAlice();
    const { token, person } = await service.signIn(alice, fromClient('192.0.2.44'));
    const record = audit.records.at(-1);
    expect(record).toMatchObject({ action: 'session.started', actor: `person:${person.id}`, clientAddress: '192.0.2.44', personId: person.id });
    expect(JSON.stringify(audit.records)).not.toMatch(new RegExp(`${token}|${alice.password}|sha256|argon2`));
  });
});
