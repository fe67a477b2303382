import { call } from '@petstore/service-kit';
import { uniqueName } from '@petstore/testing';
import { tokenLink } from '@petstore/testing/smtp-test-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';

const PASSWORD = 'correct horse battery staple 42';
const mongodbUri = inject('mongodbUri');
const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: mongodbUri },
] as const;

let people = 0;

interface Key {
  id: string;
  key: string;
}

/** A signed-in person as curl with a cookie jar is one: their session's calls under /manage/v1. */
interface Person {
  id: string;
  send: (method: string, path: string, body?: unknown) => ReturnType<typeof call>;
}

/** Sends as the person whose session cookie this is, as the portal does: a change carries its Origin and a JSON body, `{}` for none. */
function asPerson(baseUrl: string, id: string, cookie: string): Person {
  return {
    id,
    send: (method, path, body) =>
      call(baseUrl, `/manage/v1${path}`, {
        method,
        ...(method !== 'GET' && { body: body ?? {} }),
        headers: { Cookie: cookie, ...(method !== 'GET' && { Origin: baseUrl }) },
      }),
  };
}

const cookieOf = (answer: Awaited<ReturnType<typeof call>>) => (answer.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

async function newOwner(baseUrl: string): Promise<Person> {
  const email = `owner${(people += 1)}.${Date.now()}@example.test`;
  const signedUp = await call(baseUrl, '/manage/v1/sign-up', { method: 'POST', body: { email, password: PASSWORD, accountName: 'Kennel' } });
  expect(signedUp.status, signedUp.text).toBe(202);
  const signedIn = await call(baseUrl, '/manage/v1/sign-in', { method: 'POST', body: { email, password: PASSWORD } });
  expect(signedIn.status, signedIn.text).toBe(200);
  return asPerson(baseUrl, (signedIn.body as { person: { id: string } }).person.id, cookieOf(signedIn));
}

/** Someone the owner invites (no mail: the link is in the answer), who accepts and is signed in. */
async function newMember(baseUrl: string, owner: Person): Promise<Person> {
  const email = `member${(people += 1)}.${Date.now()}@example.test`;
  const invited = await owner.send('POST', '/invitations', { email });
  expect(invited.status, invited.text).toBe(201);
  const { token } = tokenLink((invited.body as { link: { url: string } }).link.url);
  const accepted = await call(baseUrl, '/manage/v1/invitations/accept', { method: 'POST', body: { token, email, password: PASSWORD } });
  expect(accepted.status, accepted.text).toBe(200);
  return asPerson(baseUrl, (accepted.body as { person: { id: string } }).person.id, cookieOf(accepted));
}

async function madeKey(send: (body: unknown) => ReturnType<typeof call>, body: unknown): Promise<Key> {
  const answer = await send(body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as Key;
}

/** What a key is answered at the management API and at the pet door (every key here holds keys:read and pets:read). */
const statuses = async (baseUrl: string, key: string) => ({
  manage: (await call(baseUrl, '/manage/v1/keys', { key })).status,
  pets: (await call(baseUrl, '/v1/pets', { key })).status,
});
const WORKS = { manage: 200, pets: 200 };
const REFUSED = { manage: 401, pets: 401 };

/**
 * A member an owner removes takes with them the keys they made and, following `createdBy`, the keys
 * those keys made (whose secrets they were shown), unless the owner keeps them with `keepKeys=true`.
 */
for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`removing a member and the keys they made, on the ${store.name}`, () => {
    let gateway: TestGateway;
    let owner: Person;
    beforeAll(async () => {
      gateway = await startTestGateway({ mongodbUri: store.uri });
      owner = await newOwner(gateway.baseUrl);
    });
    afterAll(async () => {
      await gateway?.close();
    });

    /** A member with a management key of their own, a pet key that key made, and a key the owner made from it. */
    const memberWithKeys = async () => {
      const member = await newMember(gateway.baseUrl, owner);
      const manager = await madeKey((body) => member.send('POST', '/keys', body), { name: 'ci', scopes: ['keys:manage', 'pets:read'] });
      const byManager = (body: unknown) => call(gateway.baseUrl, '/manage/v1/keys', { method: 'POST', key: manager.key, body });
      const pets = await madeKey(byManager, { name: 'shop', scopes: ['pets:read', 'keys:read'] });
      const owners = await madeKey((body) => owner.send('POST', '/keys', body), { name: 'owner’s', scopes: ['pets:read', 'keys:read'] });
      for (const { key } of [manager, pets, owners]) expect(await statuses(gateway.baseUrl, key)).toEqual(WORKS);
      return { member, manager, pets, owners };
    };

    it('revokes the keys the member made and the keys those made, lists them in the answer and the audit trail', async () => {
      const { member, manager, pets, owners } = await memberWithKeys();
      const removed = await owner.send('DELETE', `/members/${member.id}`);
      expect(removed.status, removed.text).toBe(200);
      const revoked = (removed.body as { revokedKeys: Array<{ id: string; state: string; createdBy: string }> }).revokedKeys;
      expect(revoked.map(({ id, state, createdBy }) => ({ id, state, createdBy })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [
          { id: manager.id, state: 'revoked', createdBy: `person:${member.id}` },
          { id: pets.id, state: 'revoked', createdBy: `key:${manager.id}` },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      for (const { key } of [manager, pets]) expect(await statuses(gateway.baseUrl, key)).toEqual(REFUSED);
      expect(await statuses(gateway.baseUrl, owners.key), "the owner's own key").toEqual(WORKS);
      const made = await call(gateway.baseUrl, '/manage/v1/keys', {
        method: 'POST',
        key: manager.key,
        body: { name: 'after', scopes: ['pets:read'] },
      });
      expect(made.status, 'the removed member’s key makes no more keys').toBe(401);

      const trail = await owner.send('GET', `/audit-records?actor=person:${owner.id}&limit=100`);
      const records = (trail.body as { records: Array<{ action: string; keyId: string | null; personId: string | null; changes: object }> }).records;
      expect(records.filter((record) => record.action === 'key.revoked').map((record) => record.keyId)).toEqual(
        expect.arrayContaining([manager.id, pets.id]),
      );
      expect(records.find((record) => record.action === 'member.removed' && record.personId === member.id)?.changes).toEqual({
        role: { from: 'member', to: null },
        keys: { from: null, to: 'revoked' },
      });
    });

    it('keeps them with keepKeys=true, and refuses any other value of it, removing no one', async () => {
      const { member, manager, pets } = await memberWithKeys();
      const refused = await owner.send('DELETE', `/members/${member.id}?keepKeys=yes`);
      expect(refused.body).toMatchObject({ status: 400, code: 'invalid_request', message: expect.stringContaining('keepKeys') });
      expect((await member.send('GET', '/session')).status, 'still a member, still signed in').toBe(200);

      const removed = await owner.send('DELETE', `/members/${member.id}?keepKeys=true`);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body).toEqual({ revokedKeys: [] });
      expect((await member.send('GET', '/session')).status, 'signed out all the same').toBe(401);
      for (const { key } of [manager, pets]) expect(await statuses(gateway.baseUrl, key)).toEqual(WORKS);
    });
  });
}

const KEY_CACHE_SECONDS = 2;

describe.skipIf(!mongodbUri)('a removed member’s keys across two instances on one database', () => {
  const env = { MONGODB_DB: uniqueName('petstore_removal'), PETSTORE_KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS) };
  let first: TestGateway;
  let second: TestGateway;
  beforeAll(async () => {
    first = await startTestGateway({ mongodbUri: mongodbUri ?? null, env });
    second = await startTestGateway({ mongodbUri: mongodbUri ?? null, env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('are refused at once by the instance that removed the member, and within the key cache’s lifetime by the other', async () => {
    const owner = await newOwner(first.baseUrl);
    const member = await newMember(first.baseUrl, owner);
    const { key } = await madeKey((body) => member.send('POST', '/keys', body), { name: 'ci', scopes: ['keys:manage', 'pets:read'] });
    // Both instances now remember the key.
    for (const gateway of [first, second]) expect(await statuses(gateway.baseUrl, key)).toEqual(WORKS);
    expect((await owner.send('DELETE', `/members/${member.id}`)).status).toBe(200);
    expect(await statuses(first.baseUrl, key)).toEqual(REFUSED);
    // A revoked key makes no key anywhere at once: a change reads its caller's record afresh.
    const made = await call(second.baseUrl, '/manage/v1/keys', { method: 'POST', key, body: { name: 'late', scopes: ['pets:read'] } });
    expect(made.status, made.text).toBe(401);
    const within = { timeout: (KEY_CACHE_SECONDS + 3) * 1000, interval: 250 };
    await expect.poll(() => statuses(second.baseUrl, key), within).toEqual(REFUSED);
  });
});
