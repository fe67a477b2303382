import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { CHROMIUM_ARGS, chromiumOrSkip } from './testing/chromium.js';
import { freePort } from './testing/free-port.js';
import { inPage, type PageAction, type PageAnswer } from './testing/passkey-page.js';

const executablePath = await chromiumOrSkip();
const STORES = [
  { name: 'the embedded store', uri: null },
  { name: 'MongoDB (FerretDB)', uri: inject('mongodbUri') },
];

/**
 * Passkeys as a person meets them: in Debian's Chromium, on a page of the service's own origin,
 * with the DevTools protocol's virtual authenticator standing in for the device's (a platform
 * authenticator with resident keys and user verification). `localhost`, not 127.0.0.1: WebAuthn
 * refuses an IP address as relying party, and http is a secure context only on localhost.
 */
describe.skipIf(!executablePath).each(STORES)('passkeys in Chromium, on $name', ({ uri }) => {
  let gw: TestGateway;
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  const problems: string[] = [];
  const run = (action: PageAction): Promise<PageAnswer> => page.evaluate(inPage, action);
  const call = (method: string, path: string, body?: unknown) => run({ kind: 'call', method, path, ...(body !== undefined && { body }) });
  const person = (name: string) => ({
    email: `${name}-${Date.now()}@example.com`,
    password: `a long passphrase of ${name}`,
    accountName: `${name}'s team`,
  });
  const signUpAndIn = async (who: { email: string; password: string; accountName: string }) => {
    expect((await call('POST', '/sign-up', who)).status).toBeLessThan(300);
    expect((await call('POST', '/sign-in', { email: who.email, password: who.password })).status).toBe(200);
  };
  /** A new device: the virtual authenticator of whoever uses the browser next, the previous one removed. */
  let authenticatorId: string | undefined;
  const newAuthenticator = async () => {
    if (authenticatorId) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
    return authenticatorId;
  };

  const alice = person('alice');
  const bob = person('bob');
  let alicePasskeyId: string;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    gw = await startTestGateway({ mongodbUri: uri, env: { PORT: String(port), PUBLIC_BASE_URL: baseUrl } });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${baseUrl}/docs`, { waitUntil: 'load' });
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('registers a passkey from a signed-in session, discoverable and on this origin', async () => {
    const authenticator = await newAuthenticator();
    expect((await run({ kind: 'register', name: 'Laptop' })).status).toBe(401);
    await signUpAndIn(alice);
    const added = await run({ kind: 'register', name: 'Laptop' });
    expect(added).toMatchObject({ status: 201, body: { name: 'Laptop', lastUsedAt: null } });
    alicePasskeyId = (added.body as { id: string }).id;
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(Buffer.from(credentials[0]!.credentialId, 'base64').toString('base64url')).toBe(alicePasskeyId);
    expect((await call('GET', '/passkeys')).body).toMatchObject({ passkeys: [{ id: alicePasskeyId, name: 'Laptop' }] });
  });

  it('signs in with the passkey after signing out, and the session works', async () => {
    expect((await call('POST', '/sign-out', {})).status).toBeLessThan(300);
    expect((await call('GET', '/session')).status).toBe(401);
    const assertion = await run({ kind: 'assert' });
    const signedIn = await call('POST', '/passkey-sign-in', assertion.body);
    expect(signedIn.status).toBe(200);
    expect(await call('GET', '/session')).toMatchObject({ status: 200, body: { person: { email: alice.email } } });
    const [listed] = ((await call('GET', '/passkeys')).body as { passkeys: Array<{ lastUsedAt: string | null }> }).passkeys;
    expect(listed?.lastUsedAt).not.toBeNull();

    // The same assertion again (a replay) is refused, and signs nobody in.
    await call('POST', '/sign-out', {});
    const replayed = await call('POST', '/passkey-sign-in', assertion.body);
    expect(replayed.status).toBeGreaterThanOrEqual(400);
    expect(replayed.body).toMatchObject({ code: expect.any(String), message: expect.any(String), status: replayed.status });
    expect((await call('GET', '/session')).status).toBe(401);
  });

  it("refuses another person's passkey: not theirs to list or remove, nor to sign in with under their key", async () => {
    await newAuthenticator();
    await signUpAndIn(bob);
    expect((await run({ kind: 'register', name: "Bob's phone" })).status).toBe(201);
    const bobs = ((await call('GET', '/passkeys')).body as { passkeys: Array<{ id: string }> }).passkeys;
    expect(bobs.map((passkey) => passkey.id)).not.toContain(alicePasskeyId);
    expect((await call('DELETE', `/passkeys/${alicePasskeyId}`)).status).toBe(404);
    await call('POST', '/sign-out', {});

    // Bob's authenticator signs; the credential claims to be Alice's passkey: her public key does not verify it.
    const assertion = (await run({ kind: 'assert' })).body as { challengeId: string; credential: Record<string, unknown> };
    const forged = { ...assertion, credential: { ...assertion.credential, id: alicePasskeyId, rawId: alicePasskeyId } };
    expect(await call('POST', '/passkey-sign-in', forged)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await call('GET', '/session')).status).toBe(401);

    // Bob's own assertion signs Bob in, not Alice.
    expect((await call('POST', '/passkey-sign-in', (await run({ kind: 'assert' })).body)).status).toBe(200);
    expect((await call('GET', '/session')).body).toMatchObject({ person: { email: bob.email } });
  });

  it('refuses a passkey its person removed', async () => {
    const [own] = ((await call('GET', '/passkeys')).body as { passkeys: Array<{ id: string }> }).passkeys;
    expect((await call('DELETE', `/passkeys/${own!.id}`)).status).toBe(204);
    expect((await call('GET', '/passkeys')).body).toEqual({ passkeys: [] });
    await call('POST', '/sign-out', {});
    const assertion = await run({ kind: 'assert' });
    expect((await call('POST', '/passkey-sign-in', assertion.body)).status).toBe(401);
    expect(problems).toEqual([]);
  });
});
