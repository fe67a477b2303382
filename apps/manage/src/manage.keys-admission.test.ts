import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserClient } from './testing/browser-client.js';
import { byKey, bySession, issuedKey, signedUpOwner, type Send } from './testing/management-callers.js';
import { startManage, STORES } from './testing/start-manage.js';

/** The session cookie as the browser sends it, for a request sent by other means. */
const cookieOf = (browser: BrowserClient): string => [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** Few enough operations per window that a test spends a key's budget quickly. */
const BUDGET = 5;

describe.each(STORES)('how the management API admits keys and sessions, on the $name', ({ uri }) => {
  let service: RunningService;
  let browser: BrowserClient;
  let owner: Send;
  let accountId: string;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, env: { PETSTORE_RATE_LIMIT: '1000' } });
    ({ browser, accountId } = await signedUpOwner(service.baseUrl, 'Admission'));
    owner = bySession(browser);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers a request with neither a cookie nor a key 401, saying both ways in, with WWW-Authenticate as /v1 does', async () => {
    const answer = await byKey(service.baseUrl, '')('GET', '/keys');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'unauthorized', status: 401, message: expect.stringMatching(/sign in.*Authorization: Bearer/) });
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
  });

  it('answers an unknown key 401 as JSON with WWW-Authenticate, whatever cookie comes with it', async () => {
    const unknown = 'psk_' + 'x'.repeat(40);
    for (const headers of [{}, { Cookie: cookieOf(browser) }] as Array<Record<string, string>>) {
      const answer = await byKey(service.baseUrl, unknown)('GET', '/keys', undefined, headers);
      expect(answer.status, answer.text).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized', status: 401 });
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('judges a request carrying both a key and a live session cookie by the key alone', async () => {
    const pets = await issuedKey(owner, { name: 'pets only', scopes: ['pets:read'] });
    const cookie = cookieOf(browser);
    const both = await byKey(service.baseUrl, pets.key)('GET', '/keys', undefined, { Cookie: cookie });
    expect(both.status, 'the pet key decides, not the owner behind the cookie').toBe(403);
    expect(both.body).toMatchObject({ code: 'forbidden', status: 403, message: expect.stringContaining('keys:read') });
    // A key's change needs no Origin even with a cookie beside it: the cookie is not what is trusted.
    const manager = await issuedKey(owner, { name: 'manager', scopes: ['keys:manage', 'pets:read'] });
    const renamed = await byKey(service.baseUrl, manager.key)('PATCH', `/keys/${pets.id}`, { name: 'renamed by key' }, { Cookie: cookie });
    expect(renamed.status, renamed.text).toBe(200);
    const trail = await owner('GET', `/audit-records?keyId=${pets.id}&action=key.updated`);
    expect((trail.body as { records: Array<{ actor: string }> }).records.map((record) => record.actor)).toEqual([`key:${manager.id}`]);
  });

  it("charges a management key's budget per operation, as at the pet doors: 429 with Retry-After past it, RateLimit headers on the way", async () => {
    const limited = await issuedKey(owner, { name: 'limited', scopes: ['keys:read'], rateLimit: BUDGET });
    const send = byKey(service.baseUrl, limited.key);
    for (let n = 0; n < BUDGET; n += 1) {
      const answer = await send('GET', '/account');
      expect(answer.status, answer.text).toBe(200);
      expect((answer.body as { id: string }).id).toBe(accountId);
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(BUDGET - n - 1));
    }
    const refused = await send('GET', '/account');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's session is not charged to any key.
    expect((await owner('GET', '/account')).status).toBe(200);
  });

  it('refuses bad input with a JSON error naming the field, and creates nothing', async () => {
    const before = ((await owner('GET', '/keys')).body as { keys: unknown[] }).keys.length;
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/keys', { name: '  ', scopes: ['pets:read'] }, /name: must not be blank/],
      ['POST', '/keys', { name: 'x', scopes: 'pets:read' }, /scopes: must be a list of scopes/],
      ['POST', '/keys', { name: 'x', expiresAt: 'tomorrow' }, /expiresAt: must be an ISO 8601 instant/],
      ['POST', '/keys', { name: 'x', admin: true }, /unknown field "admin"/],
      ['POST', '/keys', { name: 'x', kind: 'public' }, /^kind: must be secret or browser$/],
      ['POST', '/keys/key_nothing/roll', { overlapSeconds: -1 }, /overlapSeconds/],
      ['PATCH', '/keys/key_nothing', { rateLimit: 1.5 }, /^rateLimit: must be a whole number from 1 to 10000000, or null for the service's default$/],
      ['PATCH', '/keys/key_nothing', { rateLimit: 0 }, /^rateLimit: must be a whole number from 1 to 10000000, or null for the service's default$/],
      [
        'POST',
        '/keys',
        { name: 'x', rateLimit: 10_000_001 },
        /^rateLimit: must be a whole number from 1 to 10000000, or null for the service's default$/,
      ],
      ['GET', '/audit-records?limit=0', undefined, /limit: must be a whole number from 1 to 100/],
      ['GET', '/audit-records?action=key.stolen', undefined, /action: must be one of/],
      ['GET', '/audit-records?since=yesterday', undefined, /since: must be an ISO 8601 instant/],
      ['GET', '/audit-records?limit=5&limit=6', undefined, /limit: give it at most once/],
      ['GET', '/audit-records?user=me', undefined, /unknown field "user"/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await owner(method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringMatching(message) });
    }
    expect(((await owner('GET', '/keys')).body as { keys: unknown[] }).keys).toHaveLength(before);
  });

  it('answers createKey 201 with Location naming the key, which getKey then answers without its secret', async () => {
    const created = await owner('POST', '/keys', { name: 'located', scopes: ['pets:read'] });
    expect(created.status).toBe(201);
    const { id, key } = created.body as { id: string; key: string };
    expect(key).toMatch(/^psk_/);
    expect(created.headers.get('location')).toBe(`http://localhost:${service.port}/manage/v1/keys/${id}`);
    const got = await owner('GET', `/keys/${id}`);
    expect(got.body).toMatchObject({ id, name: 'located', scopes: ['pets:read'], state: 'active', createdAt: expect.stringMatching(/Z$/) });
    expect(got.text).not.toContain(key);
    expect(got.body).not.toHaveProperty('key');
  });

  it('keeps the cross-site rules for a session: a change with the cookie from another origin is refused and changes nothing', async () => {
    const target = await issuedKey(owner, { name: 'target', scopes: ['pets:read'] });
    const forged = await browser.send('POST', `/keys/${target.id}/revoke`, { rawBody: '{}', headers: { Origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(((await owner('GET', `/keys/${target.id}`)).body as { state: string }).state).toBe('active');
  });
});
