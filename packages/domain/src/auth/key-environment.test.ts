import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccountService } from '../accounts/account-service.js';
import { ArrayAuditLog } from '../testing/array-audit-log.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { displayPrefix } from './api-key.js';
import { testKeyTags } from '../testing/test-key-tags.js';
import { createAuthenticator } from './authenticate.js';
import { FailedKeyThrottle } from './failed-key-throttle.js';
import { keyEnvironmentOf, type KeyEnvironment } from './key-environment.js';
import type { KeyStore } from './ports.js';
import { OPERATOR, operatorOn } from '../keys/callers.js';
import { KeyService } from '../keys/key-service.js';
import { MapKeyClaims } from '../testing/map-key-claims.js';

const clock = movableClock('2026-01-01T00:00:00Z').clock;

/** A key store that records every call made to it and answers none. */
function untouchableStore(): { store: KeyStore; calls: string[] } {
  const calls: string[] = [];
  const store = new Proxy({} as KeyStore, {
    get: (_, method) => () => {
      calls.push(String(method));
      return Promise.reject(new Error(`the store was asked: ${String(method)}`));
    },
  });
  return { store, calls };
}

const accountsFor = async (store: MapKeyStore, keyEnvironment: KeyEnvironment) => {
  const audit = new ArrayAuditLog();
  const accounts = new AccountService({ keys: store, audit, clock, actor: 'tester' });
  const keyService = new KeyService({
    keys: store,
    audit,
    claims: new MapKeyClaims(),
    clock,
    actor: 'tester',
    keyEnvironment,
    keyTags: testKeyTags,
    maxRateLimit: null,
  });
  return { accounts, keyService, account: await accounts.createAccount('acme') };
};

describe('keyEnvironmentOf', () => {
  it('gives production live keys, and staging and development test keys', () => {
    expect([keyEnvironmentOf('production'), keyEnvironmentOf('staging'), keyEnvironmentOf('development')]).toEqual(['live', 'test', 'test']);
  });
});

describe('keys that name their environment', () => {
  it('are made with their environment in their text, and their display prefix keeps six characters past it', () => {
    const [live, test] = [testKeyTags.newKey('live'), testKeyTags.newKey('test')];
    expect(live).toMatch(/^psk_live_[A-Za-z0-9_-]{59}$/);
    expect(test).toMatch(/^psk_test_[A-Za-z0-9_-]{59}$/);
    expect([displayPrefix(live), displayPrefix(test)]).toEqual([live.slice(0, 15), test.slice(0, 15)]);
    const legacy = `psk_${randomBytes(32).toString('base64url')}`;
    expect(displayPrefix(legacy), 'a key issued before environments').toBe(legacy.slice(0, 10));
  });

  it.each([
    ['live', 'psk_test_', 'this key is a test key (psk_test_…); this is the production service'],
    ['test', 'psk_live_', 'this key is a live key (psk_live_…) of the production service; this is a test service'],
  ] as const)('a %s service refuses a %s… key saying why, without asking the store', async (environment, foreign, why) => {
    const { store, calls } = untouchableStore();
    const authenticate = createAuthenticator(store, { environment, clock, keyTags: testKeyTags });
    await expect(authenticate(`Bearer ${foreign}${randomBytes(32).toString('base64url')}`, { clientAddress: '203.0.113.1' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining(why),
    });
    expect(calls).toEqual([]);
  });

  it('issues and accepts keys of its own environment, refuses the other, and still accepts keys issued before environments', async () => {
    const store = new MapKeyStore();
    const production = await accountsFor(store, 'live');
    const staging = await accountsFor(store, 'test');
    const live = await production.keyService.createKey(operatorOn(production.account.id));
    const test = await staging.keyService.createKey(operatorOn(staging.account.id));
    const legacyKey = `psk_${randomBytes(32).toString('base64url')}`;
    const legacy = await production.keyService.createKey(operatorOn(production.account.id), { presetKey: legacyKey });
    expect([live.key.slice(0, 9), test.key.slice(0, 9)]).toEqual(['psk_live_', 'psk_test_']);
    const atProduction = createAuthenticator(store, { environment: 'live', clock, keyTags: testKeyTags });
    const atStaging = createAuthenticator(store, { environment: 'test', clock, keyTags: testKeyTags });
    expect((await atProduction(`Bearer ${live.key}`)).keyId).toBe(live.id);
    expect((await atStaging(`Bearer ${test.key}`)).keyId).toBe(test.id);
    expect([(await atProduction(`Bearer ${legacyKey}`)).keyId, (await atStaging(`Bearer ${legacyKey}`)).keyId]).toEqual([legacy.id, legacy.id]);
    const lookups = store.lookups;
    await expect(atProduction(`Bearer ${test.key}`)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('test key') });
    await expect(atStaging(`Bearer ${live.key}`)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('live key') });
    expect(store.lookups).toBe(lookups);
  });

  it("keeps a rolled key in its service's environment", async () => {
    const store = new MapKeyStore();
    const { keyService, account } = await accountsFor(store, 'live');
    const { key } = await keyService.rollKey(OPERATOR, (await keyService.createKey(operatorOn(account.id))).id);
    expect(key.key.startsWith('psk_live_')).toBe(true);
  });

  it('does not count a key of the other environment against its client in the failed-key throttle', async () => {
    const store = new MapKeyStore();
    const throttle = new FailedKeyThrottle({ perMinute: 2, maxAddresses: 100, maxRealKeys: 100, clock });
    const authenticate = createAuthenticator(store, { environment: 'test', failedKeyThrottle: throttle, clock, keyTags: testKeyTags });
    const from = { clientAddress: '203.0.113.2' };
    for (let n = 0; n < 5; n += 1) await expect(authenticate(`Bearer psk_live_elsewhere${n}`, from)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(authenticate('Bearer psk_test_made_up', from), 'its allowance is whole').rejects.toMatchObject({ code: 'unauthorized' });
  });
});
