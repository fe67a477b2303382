import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bySession, byKey, issuedKey, PASSWORD, type Send } from './testing/management-callers.js';
import { BrowserClient } from './testing/browser-client.js';
import { startManage, STORES } from './testing/start-manage.js';

const PUBLIC_BASE_URL = 'https://petstore.example.com';
type Json = Record<string, unknown>;

/** The value at a path of a parsed document; an empty object where there is none. */
const at = (value: unknown, ...keys: string[]): Json => keys.reduce<Json>((json, key) => (json[key] ?? {}) as Json, (value ?? {}) as Json);

/**
 * The served document says exactly what the service takes and sends (issue 38): for each rule
 * that once lived beside the schema, the document states it and the service keeps to it.
 */
describe.each(STORES)('the served management document is exact, on the $name', ({ uri }) => {
  let service: RunningService;
  let document: Json;
  let bySessionOf: Send;
  let byManagementKey: Send;
  const schema = (name: string): Json => at(document, 'components', 'schemas', name);
  const operation = (path: string, method: string): Json => at(document, 'paths', path, method);
  const parameter = (path: string, method: string, name: string): Json =>
    (operation(path, method)['parameters'] as Json[]).find((each) => each['name'] === name) ?? {};

  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, env: { PUBLIC_BASE_URL } });
    document = (await (await fetch(`${service.baseUrl}/manage/v1/openapi.json`)).json()) as Json;
    const browser = new BrowserClient(service.baseUrl, PUBLIC_BASE_URL);
    const email = `exact.${Date.now()}@example.test`;
    expect((await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Exact' } })).status).toBe(202);
    expect((await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
    bySessionOf = bySession(browser);
    const key = await issuedKey(bySessionOf, { name: 'manager', scopes: ['keys:manage'] });
    byManagementKey = byKey(service.baseUrl, key.key);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('says audit `limit` is a whole number from 1 to 100, and the service takes exactly those', async () => {
    expect(at(parameter('/audit-records', 'get', 'limit'), 'schema')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect((await bySessionOf('GET', '/audit-records?limit=100')).status).toBe(200);
    for (const limit of ['0', '101', '780', '1.5', 'ten'])
      expect((await bySessionOf('GET', `/audit-records?limit=${limit}`)).status, limit).toBe(400);
  });

  it('lists the operations usage may be filtered by', async () => {
    expect(at(parameter('/usage', 'get', 'operation'), 'schema')['enum']).toEqual(expect.arrayContaining(['listPets', 'unknown']));
    expect((await bySessionOf('GET', '/usage?operation=')).status).toBe(400);
    expect((await bySessionOf('GET', '/usage?operation=listPets')).status).toBe(200);
  });

  it('says every email is an email address, and takes every address the format allows', async () => {
    for (const name of ['SignUpInput', 'SignInInput', 'PasswordResetRequest', 'InvitationInput', 'AcceptInvitationInput'])
      expect(at(schema(name), 'properties', 'email'), name).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
    const signIn = await new BrowserClient(service.baseUrl, PUBLIC_BASE_URL).send('POST', '/sign-in', {
      body: { email: "o'brien+x_y@example.test", password: PASSWORD },
    });
    expect(signIn.status, signIn.text).toBe(401);
  });

  it('says a new password is 12 to 128 characters', async () => {
    for (const [name, field] of [
      ['SignUpInput', 'password'],
      ['ResetPasswordInput', 'password'],
      ['ChangePasswordInput', 'newPassword'],
      ['AcceptInvitationInput', 'password'],
    ] as const)
      expect(at(schema(name), 'properties', field), name).toMatchObject({ minLength: 12, maxLength: 128 });
  });

  it('says a key change names at least one field', () => {
    expect(schema('UpdateKeyInput')).toMatchObject({ minProperties: 1 });
  });

  it('bounds every id in a path, and never echoes a long one', async () => {
    for (const [path, method, name] of [
      ['/keys/{keyId}', 'get', 'keyId'],
      ['/members/{personId}', 'delete', 'personId'],
      ['/invitations/{invitationId}', 'delete', 'invitationId'],
      ['/sessions/{sessionId}', 'delete', 'sessionId'],
      ['/passkeys/{passkeyId}', 'delete', 'passkeyId'],
    ] as const)
      expect(at(parameter(path, method, name), 'schema'), name).toMatchObject({
        type: 'string',
        // The pattern bounds the length: `{1,100}` before its end.
        pattern: expect.stringMatching(/\{1,\d+\}\$$/),
      });
    const long = await bySessionOf('GET', `/keys/key_${'a'.repeat(2000)}`);
    expect(long.status).toBe(400);
    expect(long.text.length).toBeLessThan(300);
  });

  it('answers a secret key without origins, so what is read can be sent back', async () => {
    const created = await bySessionOf('POST', '/keys', { name: 'secret' });
    expect(created.body).not.toHaveProperty('origins');
    const { id, name, scopes, rateLimit } = created.body as { id: string; name: string; scopes: string[]; rateLimit: number | null };
    expect((await bySessionOf('PATCH', `/keys/${id}`, { name, scopes, rateLimit })).status).toBe(200);
    const browser = await bySessionOf('POST', '/keys', { name: 'page', kind: 'browser', origins: ['https://app.example'] });
    expect(browser.body).toMatchObject({ origins: ['https://app.example'] });
  });

  it('says what each kind of key takes, and the service takes exactly that', async () => {
    const [secret, browser] = (schema('CreateKeyInput')['oneOf'] ?? []) as Json[];
    // No `kind` is a secret key: only the browser key's branch requires it.
    expect(at(secret, 'properties', 'kind')).toMatchObject({ const: 'secret', default: 'secret' });
    expect(secret).toMatchObject({ additionalProperties: false });
    expect(at(secret, 'properties')).not.toHaveProperty('origins');
    expect(browser).toMatchObject({ required: expect.arrayContaining(['kind', 'origins']) });
    expect(at(browser, 'properties', 'scopes', 'items')).toMatchObject({ const: 'pets:read' });
    const SHOP = ['https://shop.example'];
    for (const [body, status] of [
      [{ name: 'server' }, 201],
      [{ name: 'shop', kind: 'browser', origins: SHOP, scopes: ['pets:read'] }, 201],
      [{ name: 'secret with origins', origins: SHOP }, 400],
      [{ name: 'browser writing', kind: 'browser', origins: SHOP, scopes: ['pets:write'] }, 400],
      [{ name: 'browser without origins', kind: 'browser' }, 400],
    ] as const) {
      const made = await bySessionOf('POST', '/keys', body);
      expect(made.status, `${JSON.stringify(body)}: ${made.text}`).toBe(status);
    }
  });

  it("answers 409, as the document lists, for a change the stored key's kind does not take", async () => {
    expect(at(operation('/keys/{keyId}', 'patch'), 'responses', '409', 'description')).toMatch(/only a browser key has origins/);
    const secret = (await bySessionOf('POST', '/keys', { name: 'server' })).body as { id: string };
    const browser = (await bySessionOf('POST', '/keys', { name: 'shop', kind: 'browser', origins: ['https://shop.example'] })).body as { id: string };
    for (const [id, change] of [
      [secret.id, { origins: ['https://shop.example'] }],
      [browser.id, { scopes: ['pets:read', 'pets:write'] }],
    ] as const) {
      const refused = await bySessionOf('PATCH', `/keys/${id}`, change);
      expect(refused.status, refused.text).toBe(409);
    }
  });

  it('answers 409, as the document lists, for an expiry the clock has passed', async () => {
    expect(at(operation('/keys', 'post'), 'responses', '409', 'description')).toMatch(/has passed/);
    const refused = await bySessionOf('POST', '/keys', { name: 'late', expiresAt: '2001-01-01T00:00:00Z' });
    expect(refused.status, refused.text).toBe(409);
  });

  it("declares createKey's Location, absolute as /v1's is, and sends it", async () => {
    expect(at(operation('/keys', 'post'), 'responses', '201', 'headers')).toHaveProperty('Location');
    const created = await bySessionOf('POST', '/keys', { name: 'located' });
    expect(created.headers.get('location')).toBe(`${PUBLIC_BASE_URL}/manage/v1/keys/${(created.body as { id: string }).id}`);
  });

  it('declares the RateLimit headers every answer to a key carries, and Retry-After on 429 and 503', async () => {
    const answer = await byManagementKey('GET', '/keys');
    expect(answer.headers.get('ratelimit')).not.toBeNull();
    for (const [path, item] of Object.entries(at(document, 'paths')))
      for (const [method, each] of Object.entries(item as Json)) {
        if (!(at(each)['security'] as Json[]).some((requirement) => 'bearer' in requirement)) continue;
        for (const [status, response] of Object.entries(at(each, 'responses'))) {
          expect(at(response, 'headers'), `${method} ${path} ${status}`).toHaveProperty('RateLimit');
          expect(at(response, 'headers'), `${method} ${path} ${status}`).toHaveProperty('RateLimit-Policy');
          if (status === '429' || status === '503') expect(at(response, 'headers'), `${method} ${path} ${status}`).toHaveProperty('Retry-After');
        }
      }
  });
});
