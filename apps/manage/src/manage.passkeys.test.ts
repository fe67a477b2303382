import { DEFAULT_CHALLENGE_BUDGETS } from '@petstore/passkeys';
import type { RunningService } from '@petstore/service-kit';
import { SoftAuthenticator } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionAnswer } from './openapi/answers.js';
import { PasskeyAnswer, PasskeyList, RegistrationStart, SignInStart } from './openapi/passkey-answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { startManage, STORES } from './testing/start-manage.js';

/** Where people's browsers reach the service: the relying party. The client says it comes from there. */
const PUBLIC_BASE_URL = 'https://petstore.example.com';
const PASSWORD = 'correct horse battery staple 42';
let people = 0;

/** What the software authenticator reads of the registration's options, checked as it reads them. */
const CreationOptions = z.object({ challenge: z.string(), rp: z.object({ id: z.string() }), user: z.object({ id: z.string() }) });

/**
 * The passkey routes over HTTP on both stores, with a software authenticator standing in for the
 * browser's half (the same bytes a security key makes); the Chromium test in the gateway
 * (src/browser/passkeys.browser.test.ts) does the same with a real browser.
 */
describe.each(STORES)('passkeys over HTTP, on the $name', ({ uri }) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, env: { PUBLIC_BASE_URL } });
  });
  afterAll(async () => {
    await service?.close();
  });

  /** A new person, signed up and signed in in a browser of their own; the browser and their email. */
  async function signedInPerson(): Promise<{ browser: BrowserClient; email: string }> {
    const browser = new BrowserClient(service.baseUrl, PUBLIC_BASE_URL);
    const email = `passkey${(people += 1)}.${Date.now()}@example.test`;
    expect((await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Kennel Club' } })).status).toBe(202);
    expect((await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
    return { browser, email };
  }

  async function register(browser: BrowserClient, authenticator: SoftAuthenticator, name = 'Laptop') {
    const start = await browser.send('POST', '/passkeys/registration-options', { body: {} });
    expect(start.status, start.text).toBe(200);
    const { challengeId, options } = RegistrationStart.parse(start.body);
    return browser.send('POST', '/passkeys', { body: { challengeId, credential: authenticator.create(CreationOptions.parse(options)), name } });
  }

  async function assertion(browser: BrowserClient, authenticator: SoftAuthenticator, step = 1) {
    const start = await browser.send('POST', '/passkey-sign-in/options', { body: {} });
    expect(start.status, start.text).toBe(200);
    const { challengeId, options } = SignInStart.parse(start.body);
    expect(options).not.toHaveProperty('allowCredentials');
    return { challengeId, credential: authenticator.get(options, authenticator.credentials.length - 1, step) };
  }

  it('adds a passkey from a session for the public base URL, lists it, and signs in with it after signing out', async () => {
    const { browser, email } = await signedInPerson();
    const authenticator = new SoftAuthenticator({ origin: PUBLIC_BASE_URL });
    const added = await register(browser, authenticator);
    expect(added.status, added.text).toBe(201);
    const passkey = PasskeyAnswer.parse(added.body);
    expect(passkey).toMatchObject({ name: 'Laptop', transports: ['internal'], lastUsedAt: null });
    expect(PasskeyList.parse((await browser.send('GET', '/passkeys')).body).passkeys).toEqual([passkey]);

    expect((await browser.send('POST', '/sign-out')).status).toBe(204);
    const signedIn = await browser.send('POST', '/passkey-sign-in', { body: await assertion(browser, authenticator) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.headers.getSetCookie()[0]).toMatch(
      /^__Host-petstore_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=\d+$/,
    );
    expect(SessionAnswer.parse(signedIn.body).person.email).toBe(email);
    expect(SessionAnswer.parse((await browser.send('GET', '/session')).body).person.email).toBe(email);
    const [used] = PasskeyList.parse((await browser.send('GET', '/passkeys')).body).passkeys;
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('offers the registration only to a signed-in person, excluding the passkeys they have', async () => {
    const anonymous = await new BrowserClient(service.baseUrl, PUBLIC_BASE_URL).send('POST', '/passkeys/registration-options', { body: {} });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'unauthorized', status: 401 } });
    const { browser } = await signedInPerson();
    const passkey = PasskeyAnswer.parse((await register(browser, new SoftAuthenticator({ origin: PUBLIC_BASE_URL }))).body);
    const start = RegistrationStart.parse((await browser.send('POST', '/passkeys/registration-options', { body: {} })).body);
    expect(start.options).toMatchObject({ rp: { id: 'petstore.example.com' }, excludeCredentials: [{ id: passkey.id, type: 'public-key' }] });
  });

  it('refuses a replayed assertion, a counter that did not grow, and a page of another origin, signing nobody in', async () => {
    const { browser } = await signedInPerson();
    const authenticator = new SoftAuthenticator({ origin: PUBLIC_BASE_URL });
    await register(browser, authenticator);
    await browser.send('POST', '/sign-out');
    const body = await assertion(browser, authenticator, 3);
    expect((await browser.send('POST', '/passkey-sign-in', { body })).status).toBe(200);
    await browser.send('POST', '/sign-out');

    expect(await browser.send('POST', '/passkey-sign-in', { body })).toMatchObject({ status: 400, body: { code: 'invalid_request', status: 400 } });
    const stale = await browser.send('POST', '/passkey-sign-in', { body: await assertion(browser, authenticator, 0) });
    expect(stale).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'the passkey could not sign you in', status: 401 } });
    const phished = new SoftAuthenticator({ origin: 'https://petstore.example.net' });
    phished.credentials.push(...authenticator.credentials);
    const elsewhere = await browser.send('POST', '/passkey-sign-in', { body: await assertion(browser, phished, 5) });
    expect(elsewhere.status).toBe(401);
    expect(browser.jar.size).toBe(0);
  });

  it("answers 404 for another person's passkey and removes one's own, which then signs nobody in", async () => {
    const alice = await signedInPerson();
    const bob = await signedInPerson();
    const authenticator = new SoftAuthenticator({ origin: PUBLIC_BASE_URL });
    const passkey = PasskeyAnswer.parse((await register(alice.browser, authenticator)).body);
    expect(await bob.browser.send('DELETE', `/passkeys/${passkey.id}`)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(PasskeyList.parse((await bob.browser.send('GET', '/passkeys')).body).passkeys).toEqual([]);

    expect((await alice.browser.send('DELETE', `/passkeys/${passkey.id}`)).status).toBe(204);
    expect(PasskeyList.parse((await alice.browser.send('GET', '/passkeys')).body).passkeys).toEqual([]);
    const stranger = new BrowserClient(service.baseUrl, PUBLIC_BASE_URL);
    expect((await stranger.send('POST', '/passkey-sign-in', { body: await assertion(stranger, authenticator) })).status).toBe(401);
  });

  it('refuses a malformed credential naming the field, and adds nothing', async () => {
    const { browser } = await signedInPerson();
    const { challengeId } = RegistrationStart.parse((await browser.send('POST', '/passkeys/registration-options', { body: {} })).body);
    const answer = await browser.send('POST', '/passkeys', { body: { challengeId, credential: { id: 'not base64url!' } } });
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request', message: expect.stringContaining('credential.id') } });
    expect(PasskeyList.parse((await browser.send('GET', '/passkeys')).body).passkeys).toEqual([]);
  });
});

const CHALLENGES_PER_CLIENT = DEFAULT_CHALLENGE_BUDGETS.perClient;

/**
 * Each ceremony's start keeps a challenge in the database for anyone who asks, signed in or not: a
 * per-client budget is what bounds them (docs/passkeys.md#what-bounds-the-challenges).
 */
describe.each(STORES)('the per-client budget of passkey ceremonies, on the $name', ({ uri }) => {
  let service: RunningService;
  beforeAll(async () => {
    // Each request names its client, as a proxy in front of the service would.
    service = await startManage({ mongodbUri: uri, env: { PUBLIC_BASE_URL, PETSTORE_TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  const from = (address: string) => ({ body: {}, headers: { 'X-Forwarded-For': address } });

  it('refuses the sign-in starts of one client past the budget with 429 and Retry-After, and serves another client', async () => {
    const start = () => new BrowserClient(service.baseUrl, PUBLIC_BASE_URL).send('POST', '/passkey-sign-in/options', from('198.51.100.7'));
    const answers = await Promise.all(Array.from({ length: CHALLENGES_PER_CLIENT + 10 }, start));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(CHALLENGES_PER_CLIENT);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'rate_limited', status: 429, message: expect.stringContaining('passkey') });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const elsewhere = await new BrowserClient(service.baseUrl, PUBLIC_BASE_URL).send('POST', '/passkey-sign-in/options', from('198.51.100.8'));
    expect(elsewhere.status, elsewhere.text).toBe(200);
  });

  it("charges a signed-in person's registration starts to the same budget of their client", async () => {
    const browser = new BrowserClient(service.baseUrl, PUBLIC_BASE_URL);
    const email = `budget.${Date.now()}@example.test`;
    expect((await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Budget' } })).status).toBe(202);
    expect((await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
    const started = [];
    for (let n = 0; n <= CHALLENGES_PER_CLIENT; n += 1)
      started.push(await browser.send('POST', '/passkeys/registration-options', from('203.0.113.9')));
    expect(started.slice(0, CHALLENGES_PER_CLIENT).map((answer) => answer.status)).toEqual(Array(CHALLENGES_PER_CLIENT).fill(200));
    expect(started.at(-1)).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect((await browser.send('POST', '/passkey-sign-in/options', from('203.0.113.9'))).status).toBe(429);
  });
});
