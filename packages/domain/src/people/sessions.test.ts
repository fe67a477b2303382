import { describe, expect, it } from 'vitest';
import { fromClient, testPeople } from '../testing/test-people.js';
import { hashSecretToken } from './link-tokens.js';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from './sessions.js';

const MINUTE = 60_000;
const credentials = { email: 'Alice@Example.com', password: 'correct horse battery' };
const alice = { ...credentials, accountName: 'Acme' };

/** Alice signed up (verification off) and signed in once. */
const signedIn = async () => {
  const setup = testPeople();
  await setup.service.signUp(alice, fromClient());
  const first = await setup.service.signIn(credentials, fromClient());
  return { ...setup, first };
};

describe('PeopleService sessions', () => {
  it('keeps only the SHA-256 of the token, answers who holds it, and never shows the stored id', async () => {
    const { service, people, first } = await signedIn();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([...people.sessions.keys()]).toStrictEqual([hashSecretToken(first.token)]);
    expect(JSON.stringify([...people.sessions.values()])).not.toContain(first.token);
    const principal = await service.authenticateSession(first.token);
    expect(principal).toMatchObject({
      person: { email: 'alice@example.com' },
      account: { name: 'Acme' },
      membership: { role: 'owner' },
      emailVerified: true,
    });
    expect(principal.person).not.toHaveProperty('passwordHash');
    expect(principal.session.id).toMatch(/^ses_/);
    expect(JSON.stringify(principal)).not.toContain(hashSecretToken(first.token));
  });

  it('issues a new token at every sign-in, each its own session', async () => {
    const { service, first } = await signedIn();
    const second = await service.signIn(credentials, fromClient('198.51.100.1'));
    expect(second.token).not.toBe(first.token);
    expect((await service.listSessions(second.person.id)).map((session) => session.clientAddress).sort()).toStrictEqual([
      '198.51.100.1',
      '203.0.113.7',
    ]);
  });

  it('ends a session unused for 30 minutes, and deletes it when met', async () => {
    const { service, people, advance, first } = await signedIn();
    advance(SESSION_IDLE_MS - 1);
    await expect(service.authenticateSession(first.token)).resolves.toBeDefined();
    advance(SESSION_IDLE_MS - 1);
    await expect(service.authenticateSession(first.token)).resolves.toBeDefined();
    advance(SESSION_IDLE_MS);
    await expect(service.authenticateSession(first.token)).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'the session has expired; sign in again',
    });
    expect(people.sessions.size).toBe(0);
    await expect(service.authenticateSession(first.token)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('ends a session 12 hours after sign-in however much it is used', async () => {
    const { service, advance, first } = await signedIn();
    for (let elapsed = 0; elapsed < SESSION_LIFETIME_MS - 20 * MINUTE; elapsed += 20 * MINUTE) {
      advance(20 * MINUTE);
      await service.authenticateSession(first.token);
    }
    advance(20 * MINUTE);
    await expect(service.authenticateSession(first.token)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('writes a use at most once a minute', async () => {
    const { service, people, advance, first } = await signedIn();
    let seen = '';
    for (let second = 0; second <= 150; second += 1) {
      seen = (await service.authenticateSession(first.token)).session.lastSeenAt.toISOString();
      advance(1000);
    }
    expect(people.sessionTouches).toBe(2);
    expect(seen).toBe('2026-06-01T00:02:00.000Z');
  });

  it('signs out one session, or every one, and records each end', async () => {
    const { service, first, actions, audit } = await signedIn();
    const second = await service.signIn(credentials, fromClient());
    const third = await service.signIn(credentials, fromClient());
    await service.signOut(first.token, fromClient());
    await expect(service.authenticateSession(first.token)).rejects.toMatchObject({ code: 'unauthorized' });
    await service.authenticateSession(second.token);
    expect(await service.signOutEverywhere(second.person.id, fromClient())).toBe(2);
    for (const { token } of [second, third]) await expect(service.authenticateSession(token)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(actions().filter((action) => action === 'session.ended')).toHaveLength(2);
    expect(audit.records.at(-1)).toMatchObject({ actor: `person:${second.person.id}`, clientAddress: '203.0.113.7', personId: second.person.id });
  });

  it("ends one of one's own sessions by its handle, and nobody else's", async () => {
    const { service, first } = await signedIn();
    const bob = { email: 'bob@example.com', password: 'another long password' };
    await service.signUp({ ...bob, accountName: 'Bobs' }, fromClient());
    const bobs = await service.signIn(bob, fromClient());
    await expect(service.endSession(bobs.person.id, first.session.id, fromClient())).rejects.toMatchObject({ code: 'not_found' });
    await service.authenticateSession(first.token);
    await service.endSession(first.person.id, first.session.id, fromClient());
    await expect(service.authenticateSession(first.token)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await service.listSessions(first.person.id)).toEqual([]);
  });

  it('lists only sessions still in force', async () => {
    const { service, advance, first } = await signedIn();
    advance(SESSION_IDLE_MS);
    const later = await service.signIn(credentials, fromClient());
    expect((await service.listSessions(first.person.id)).map((session) => session.id)).toStrictEqual([later.session.id]);
  });
});
