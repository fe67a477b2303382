import { call, type JsonResponse } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorsAt } from '../testing/doors/doors.js';

const PASSWORD = 'correct horse battery staple 42';
/** A key's secret as the service writes one: its marked prefix and 43 base64url characters (a listing shows far fewer). */
const SECRET = /psk_(?:[a-z]+_)?[A-Za-z0-9_-]{40,}/;

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

interface Key {
  id: string;
  key: string;
}

/**
 * The whole life of a key over HTTP, as curl sends it (`-H 'Authorization: Bearer …'`, `-d '{…}'`
 * with `Content-Type: application/json`, a cookie jar and an `Origin` for the session's calls):
 * a person signs up and in, makes a management key, which makes a pet key that works at all three
 * doors, then rolls it (two calls, no person), the old one working during the overlap, and revokes
 * it. Every answer is kept, to check that only createKey's and rollKey's ever carry a secret.
 */
for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`a key's whole life through the management API, on the ${store.name}`, () => {
    let gateway: TestGateway;
    /** Every management answer, with the operation it answered. */
    const answers: Array<{ operation: string; answer: JsonResponse<unknown> }> = [];
    let cookie = '';

    const manage = async (
      operation: string,
      method: string,
      path: string,
      init: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const session = init.key === undefined && cookie !== '' ? { Cookie: cookie, ...(method !== 'GET' && { Origin: gateway.baseUrl }) } : {};
      const answer = await call(gateway.baseUrl, `/manage/v1${path}`, {
        method,
        ...(init.key !== undefined && { key: init.key }),
        ...(init.body !== undefined && { body: init.body }),
        headers: { 'User-Agent': 'curl/8.5.0', Accept: '*/*', ...session, ...init.headers },
      });
      answers.push({ operation, answer });
      return answer;
    };

    beforeAll(async () => {
      gateway = await startTestGateway({ mongodbUri: store.uri });
    });
    afterAll(async () => {
      await gateway?.close();
    });

    it('signs up, makes keys, uses, rolls and revokes one, and says who did each', async () => {
      const email = `life.${Date.now()}@example.test`;
      expect((await manage('signUp', 'POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Life' } })).status).toBe(202);
      const signedIn = await manage('signIn', 'POST', '/sign-in', { body: { email, password: PASSWORD } });
      expect(signedIn.status).toBe(200);
      cookie = (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      const personId = (signedIn.body as { person: { id: string } }).person.id;

      // The person makes the automation's key; the automation makes the pet key.
      const madeManager = await manage('createKey', 'POST', '/keys', { body: { name: 'ci', scopes: ['keys:manage', 'pets:read', 'pets:write'] } });
      expect(madeManager.status, madeManager.text).toBe(201);
      const manager = madeManager.body as Key;
      const madePets = await manage('createKey', 'POST', '/keys', {
        key: manager.key,
        body: { name: 'shop', scopes: ['pets:read', 'pets:write'] },
        headers: { 'Idempotency-Key': `life-${Date.now()}` },
      });
      expect(madePets.status, madePets.text).toBe(201);
      const pets = madePets.body as Key;

      // The pet key at all three doors.
      for (const door of doorsAt(gateway.baseUrl)) {
        const created = await door.create({ key: pets.key }, { name: `Rex of ${door.name}`, categoryId: 1 });
        expect(created.ok, `${door.name}: ${created.ok ? '' : created.message}`).toBe(true);
        expect((await door.list({ key: pets.key }, {})).ok, door.name).toBe(true);
      }
      expect((await manage('listKeys', 'GET', '/keys', { key: pets.key })).status, 'a pet key is no management key').toBe(403);

      const renamed = await manage('updateKey', 'PATCH', `/keys/${pets.id}`, { key: manager.key, body: { name: 'shop backend' } });
      expect(renamed.body).toMatchObject({ id: pets.id, name: 'shop backend', state: 'active' });

      // The CI job's two calls: find its key, roll it.
      const listed = await manage('listKeys', 'GET', '/keys', { key: manager.key });
      const mine = (listed.body as { keys: Array<{ id: string; name: string }> }).keys.find((key) => key.name === 'shop backend');
      expect(mine?.id).toBe(pets.id);
      const rolled = await manage('rollKey', 'POST', `/keys/${pets.id}/roll`, { key: manager.key, body: { overlapSeconds: 3600 } });
      expect(rolled.status, rolled.text).toBe(200);
      const replacement = (rolled.body as { key: Key }).key;
      expect(rolled.body).toMatchObject({ replaced: { id: pets.id, state: 'rolled', replacedBy: replacement.id } });

      const [rest] = doorsAt(gateway.baseUrl);
      expect((await rest?.list({ key: pets.key }, {}))?.ok, 'the old key works during the overlap').toBe(true);
      expect((await rest?.list({ key: replacement.key }, {}))?.ok).toBe(true);

      const revoked = await manage('revokeKey', 'POST', `/keys/${replacement.id}/revoke`, { key: manager.key });
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.body).toMatchObject({ id: replacement.id, state: 'revoked' });
      expect((await rest?.list({ key: replacement.key }, {}))?.status).toBe(401);

      const got = await manage('getKey', 'GET', `/keys/${replacement.id}`, { key: manager.key });
      expect(got.body).toMatchObject({ state: 'revoked', createdBy: `key:${manager.id}` });
      expect((await manage('getAccount', 'GET', '/account')).status).toBe(200);

      // The trail names who did each: the person made the automation's key, the automation the rest.
      const trail = await manage('listAuditRecords', 'GET', '/audit-records?limit=100', { key: manager.key });
      expect(trail.status, trail.text).toBe(200);
      const records = (trail.body as { records: Array<{ action: string; actor: string; keyId: string | null }> }).records;
      const did = (action: string, keyId: string) => records.find((record) => record.action === action && record.keyId === keyId)?.actor;
      expect(did('key.created', manager.id)).toBe(`person:${personId}`);
      expect(did('key.created', pets.id)).toBe(`key:${manager.id}`);
      expect(did('key.rolled', pets.id) ?? did('key.rolled', replacement.id)).toBe(`key:${manager.id}`);
      expect(did('key.revoked', replacement.id)).toBe(`key:${manager.id}`);
      const byKey = await manage('listAuditRecords', 'GET', `/audit-records?actor=key:${manager.id}&action=key.revoked`);
      expect((byKey.body as { records: Array<{ keyId: string }> }).records.map((record) => record.keyId)).toEqual([replacement.id]);
    });

    it('never answers a secret but from createKey and rollKey', () => {
      expect(answers.length).toBeGreaterThan(10);
      const issuing = answers.filter(({ operation, answer }) => ['createKey', 'rollKey'].includes(operation) && answer.status < 300);
      const secrets = issuing.map(({ answer }) => SECRET.exec(answer.text)?.[0]);
      expect(secrets.every((secret) => secret !== undefined)).toBe(true);
      const others = answers.filter(({ answer }) => !issuing.some((kept) => kept.answer === answer));
      const leaks = others.filter(
        ({ answer }) => SECRET.test(answer.text) || secrets.some((secret) => secret !== undefined && answer.text.includes(secret)),
      );
      expect(leaks.map(({ operation }) => operation)).toEqual([]);
    });
  });
}
