import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { testAccounts } from '../testing/test-accounts.js';
import { displayPrefix } from './api-key.js';
import { testKeyTags } from '../testing/test-key-tags.js';
import { createAuthenticator } from './authenticate.js';
import { BrowserKeyRefusal } from './browser-key.js';
import { OPERATOR, operatorOn } from '../keys/callers.js';

const SHOP = 'https://shop.example';

const setup = async () => {
  const store = new MapKeyStore();
  const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
  const { accounts, keyService } = testAccounts(store, clock);
  const account = await accounts.createAccount('acme');
  const browser = await keyService.createKey(operatorOn(account.id), {
    kind: 'browser',
    origins: [SHOP, 'http://localhost:5173'],
    expiresAt: '2026-02-01T00:00:00Z',
  });
  const secret = await keyService.createKey(operatorOn(account.id));
  return {
    store,
    accounts,
    keyService,
    account,
    browser,
    secret,
    advance,
    authenticate: createAuthenticator(store, { clock, keyTags: testKeyTags }),
  };
};

describe('browser keys', () => {
  it('are made as psk_pub_<environment>_…, read pets only, and show their marker in their prefix', async () => {
    const { browser } = await setup();
    expect(browser.key).toMatch(/^psk_pub_test_[A-Za-z0-9_-]{59}$/);
    expect(browser.prefix).toBe(browser.key.slice(0, 'psk_pub_test_'.length + 6));
    expect(browser).toMatchObject({ kind: 'browser', scopes: ['pets:read'], origins: [SHOP, 'http://localhost:5173'] });
    const live = testKeyTags.newKey('live', 'browser');
    expect(live).toMatch(/^psk_pub_live_/);
    expect(displayPrefix(live)).toBe(live.slice(0, 19));
  });

  it('are accepted from one of their origins, as a browser key', async () => {
    const { authenticate, browser } = await setup();
    const principal = await authenticate(`Bearer ${browser.key}`, { origin: SHOP });
    expect(principal).toMatchObject({ keyId: browser.id, kind: 'browser', scopes: ['pets:read'] });
    expect((await authenticate(`Bearer ${browser.key}`, { origin: 'http://localhost:5173' })).keyId).toBe(browser.id);
  });

  it.each([
    ['no Origin', undefined, 'this request has no Origin header'],
    ['another origin', 'https://evil.example', "this request's Origin is not one of them"],
    ['an origin differing only in its port', 'https://shop.example:8443', "this request's Origin is not one of them"],
    ['a look-alike', 'https://shop.example.evil.net', "this request's Origin is not one of them"],
  ])('are refused with 403 from %s, naming their origins and not the request text', async (_, origin, why) => {
    const { authenticate, browser } = await setup();
    const refusal = await authenticate(`Bearer ${browser.key}`, { origin }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BrowserKeyRefusal);
    expect(refusal).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining(`browser key (psk_pub_…) for the origins ${SHOP}, http://localhost:5173; ${why}`),
    });
    if (origin !== undefined) expect((refusal as Error).message).not.toContain(origin);
  });

  it('are refused as browser keys when revoked or expired, so their page may read why', async () => {
    const { authenticate, keyService, browser } = await setup();
    await keyService.revokeKey(OPERATOR, browser.id);
    const revoked = await authenticate(`Bearer ${browser.key}`, { origin: SHOP }).catch((error: unknown) => error);
    expect(revoked).toBeInstanceOf(BrowserKeyRefusal);
    expect(revoked).toMatchObject({ code: 'unauthorized' });
    const other = await setup();
    other.advance(40 * 24 * 3600 * 1000);
    await expect(other.authenticate(`Bearer ${other.browser.key}`, { origin: SHOP })).rejects.toBeInstanceOf(BrowserKeyRefusal);
  });

  it("leave a secret key's check as it was: accepted with or without an Origin, never a browser refusal", async () => {
    const { authenticate, secret } = await setup();
    expect((await authenticate(`Bearer ${secret.key}`, { origin: 'https://evil.example' })).kind).toBe('secret');
    expect((await authenticate(`Bearer ${secret.key}`)).kind).toBe('secret');
  });

  it('of the other environment are refused from their text, before any lookup', async () => {
    const { store } = await setup();
    const atProduction = createAuthenticator(store, { environment: 'live', keyTags: testKeyTags });
    const atStaging = createAuthenticator(store, { environment: 'test', keyTags: testKeyTags });
    const random = randomBytes(32).toString('base64url');
    const lookups = store.lookups;
    await expect(atProduction(`Bearer psk_pub_test_${random}`, { origin: SHOP })).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('this key is a test browser key (psk_pub_test_…); this is the production service'),
    });
    await expect(atStaging(`Bearer psk_pub_live_${random}`, { origin: SHOP })).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('this key is a live browser key (psk_pub_live_…) of the production service'),
    });
    expect(store.lookups).toBe(lookups);
  });
});

describe('creating a browser key', () => {
  it.each([
    ['pets:write', { scopes: ['pets:write'], origins: [SHOP] }, 'invalid_request', 'may only have pets:read'],
    ['both pet scopes', { scopes: ['pets:read', 'pets:write'], origins: [SHOP] }, 'invalid_request', 'may only have pets:read'],
    ['a management scope', { scopes: ['keys:read'], origins: [SHOP] }, 'invalid_request', 'may only have pets:read'],
    ['no origins', { origins: [] }, 'invalid_request', 'needs at least one origin'],
    ['origins left out', {}, 'invalid_request', 'needs at least one origin'],
    ['a path', { origins: ['https://shop.example/app'] }, 'invalid_request', 'must be an origin'],
    ['plain http elsewhere than this machine', { origins: ['http://shop.example'] }, 'invalid_request', 'must be an origin'],
    ['upper case', { origins: ['https://Shop.example'] }, 'invalid_request', 'must be an origin'],
    ['a wildcard', { origins: ['https://*.example'] }, 'invalid_request', 'must be an origin'],
    ['21 origins', { origins: Array.from({ length: 21 }, (_, n) => `https://s${n}.example`) }, 'invalid_request', 'at most 20'],
  ])('is refused with %s, and nothing is made', async (_, options, code, message) => {
    const { keyService, account } = await setup();
    const before = (await keyService.listKeys(operatorOn(account.id))).length;
    await expect(keyService.createKey(operatorOn(account.id), { kind: 'browser', ...options } as never)).rejects.toMatchObject({
      code,
      message: expect.stringContaining(message),
    });
    expect(await keyService.listKeys(operatorOn(account.id))).toHaveLength(before);
  });

  it('refuses origins on a secret key', async () => {
    const { keyService, account } = await setup();
    await expect(keyService.createKey(operatorOn(account.id), { origins: [SHOP] } as never)).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('unknown field "origins"'),
    });
  });

  it('cannot be given pets:write later, and keeps what it had', async () => {
    const { keyService, account, browser } = await setup();
    await expect(keyService.updateKey(OPERATOR, browser.id, { scopes: ['pets:read', 'pets:write'] })).rejects.toMatchObject({ code: 'conflict' });
    expect((await keyService.listKeys(operatorOn(account.id))).find((key) => key.id === browser.id)?.scopes).toEqual(['pets:read']);
  });

  it('keeps its kind and origins when rolled, and its text says browser', async () => {
    const { keyService, browser } = await setup();
    const { key } = await keyService.rollKey(OPERATOR, browser.id);
    expect(key).toMatchObject({ kind: 'browser', origins: [SHOP, 'http://localhost:5173'], scopes: ['pets:read'] });
    expect(key.key.startsWith('psk_pub_test_')).toBe(true);
  });
});
