import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock/clock.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { FailedKeyThrottle } from './failed-key-throttle.js';
import { createAuthenticator } from './authenticate.js';
import { UNKNOWN_KEY } from './key-validity.js';
import { testKeyTags } from '../testing/test-key-tags.js';
import { OPERATOR, operatorOn } from '../keys/callers.js';

const setup = async () => {
  const store = new MapKeyStore();
  const clock = fixedClock(new Date('2026-01-01T00:00:00Z'));
  const { accounts, keyService } = testAccounts(store, clock);
  const account = await accounts.createAccount('acme');
  const issued = await keyService.createKey(operatorOn(account.id));
  return { store, accounts, keyService, account, issued, authenticate: createAuthenticator(store, { clock, keyTags: testKeyTags }) };
};

describe('createAuthenticator', () => {
  it('accepts a valid key with the scheme in any case', async () => {
    const { authenticate, issued, account } = await setup();
    expect(await authenticate(`Bearer ${issued.key}`)).toEqual({
      accountId: account.id,
      keyId: issued.id,
      scopes: ['pets:read', 'pets:write'],
      rateLimit: null,
      lineageId: issued.id,
      kind: 'secret',
    });
    expect((await authenticate(`bearer ${issued.key}`)).keyId).toBe(issued.id);
  });

  it.each([undefined, '', 'Basic abc', 'Bearer', 'Bearer a b', 'Bearer psk_unknown'])('refuses %j', async (header) => {
    const { authenticate } = await setup();
    await expect(authenticate(header)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a revoked key', async () => {
    const { authenticate, keyService, issued } = await setup();
    await keyService.revokeKey(OPERATOR, issued.id);
    await expect(authenticate(`Bearer ${issued.key}`)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('createAuthenticator with a failed-key throttle', () => {
  const throttled = async () => {
    const context = await setup();
    const { clock, advance } = movableClock('2026-01-01T00:00:10Z');
    const throttle = new FailedKeyThrottle({ perMinute: 3, maxAddresses: 100, maxRealKeys: 100, clock });
    return {
      ...context,
      clock,
      advance,
      authenticate: createAuthenticator(context.store, { failedKeyThrottle: throttle, clock, keyTags: testKeyTags }),
    };
  };

  it('refuses made-up keys past the allowance without a lookup, but never a real key from the same address', async () => {
    const { authenticate, keyService, account, issued, store, advance } = await throttled();
    const from = { clientAddress: '203.0.113.7' };
    expect((await authenticate(`Bearer ${issued.key}`, from)).keyId).toBe(issued.id);
    for (let n = 0; n < 4; n += 1) await expect(authenticate(`Bearer psk_guess_${n}`, from)).rejects.toMatchObject({ code: 'unauthorized' });
    const lookups = store.lookups;
    await expect(authenticate('Bearer psk_guess', from)).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 5 });
    expect(store.lookups, 'a refused check costs no lookup').toBe(lookups);
    expect((await authenticate(`Bearer ${issued.key}`, from)).keyId, 'a key found before').toBe(issued.id);
    const tagged = await keyService.createKey(operatorOn(account.id));
    expect((await authenticate(`Bearer ${tagged.key}`, from)).keyId, 'a tagged key never seen, at once').toBe(tagged.id);
    const untagged = await keyService.createKey(operatorOn(account.id), { presetKey: `psk_${randomBytes(32).toString('base64url')}` });
    await expect(authenticate(`Bearer ${untagged.key}`, from), 'an untagged key never seen waits for the next probe').rejects.toMatchObject({
      code: 'rate_limited',
    });
    advance(5_000);
    expect((await authenticate(`Bearer ${untagged.key}`, from)).keyId, 'and is looked up then').toBe(untagged.id);
    await expect(authenticate('Bearer psk_guess', from)).rejects.toMatchObject({ code: 'rate_limited' });
    expect((await authenticate(`Bearer ${untagged.key}`, from)).keyId, 'and from then on goes through').toBe(untagged.id);
  });

  it('refuses a made-up tagged key as an unknown key without a lookup, and without counting it against its address', async () => {
    const { authenticate, store } = await throttled();
    const from = { clientAddress: '203.0.113.13' };
    const lookups = store.lookups;
    for (let n = 0; n < 10; n += 1) {
      const madeUp = `psk_test_${randomBytes(45).toString('base64url').slice(0, 59)}`;
      await expect(authenticate(`Bearer ${madeUp}`, from)).rejects.toMatchObject({ code: 'unauthorized', message: UNKNOWN_KEY });
    }
    expect(store.lookups, 'none reached the store').toBe(lookups);
    await expect(authenticate('Bearer psk_guess', from), 'its allowance is whole').rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('looks up a tagged key the store no longer holds without charging its address: its tag cannot be made up', async () => {
    const { authenticate, store, issued } = await throttled();
    store.findKeyByHash = async () => null;
    const from = { clientAddress: '203.0.113.14' };
    for (let n = 0; n < 5; n += 1) await expect(authenticate(`Bearer ${issued.key}`, from)).rejects.toMatchObject({ message: UNKNOWN_KEY });
    await expect(authenticate('Bearer psk_guess', from), 'its allowance is whole').rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('does not count expired or revoked keys as guesses: polling one never holds back another key of the account', async () => {
    const { authenticate, keyService, account, store, advance } = await throttled();
    const expiring = await keyService.createKey(operatorOn(account.id), { expiresAt: '2026-01-01T00:00:00.001Z' });
    const revoked = await keyService.createKey(operatorOn(account.id));
    await keyService.revokeKey(OPERATOR, revoked.id);
    advance(1);
    const from = { clientAddress: '203.0.113.12' };
    for (let n = 0; n < 20; n += 1) {
      await expect(authenticate(`Bearer ${expiring.key}`, from)).rejects.toMatchObject({ code: 'unauthorized', message: /expired/ });
      await expect(authenticate(`Bearer ${revoked.key}`, from)).rejects.toMatchObject({ code: 'unauthorized' });
    }
    const other = await keyService.createKey(operatorOn(account.id));
    const lookups = store.lookups;
    expect((await authenticate(`Bearer ${other.key}`, from)).keyId).toBe(other.id);
    expect(store.lookups).toBe(lookups + 1);
  });

  /** Holds every lookup until `open()`, so checks started together are all under way at once, as on a database. */
  const gate = (store: MapKeyStore) => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const find = store.findKeyByHash.bind(store);
    store.findKeyByHash = async (hash) => {
      await opened;
      return find(hash);
    };
    return open;
  };
  const outcomes = async (checks: Array<Promise<unknown>>) =>
    (await Promise.allSettled(checks)).map((result) => (result.status === 'fulfilled' ? 'ok' : (result.reason as { code: string }).code));

  it('lets only the allowance of concurrent unknown keys from one address reach the store', async () => {
    const { authenticate, store } = await throttled();
    const open = gate(store);
    const checks = Array.from({ length: 10 }, (_, n) => authenticate(`Bearer psk_guess_${n}`, { clientAddress: '203.0.113.9' }));
    open();
    const results = await outcomes(checks);
    expect(results.filter((code) => code === 'unauthorized')).toHaveLength(3);
    expect(results.filter((code) => code === 'rate_limited')).toHaveLength(7);
    expect(store.lookups).toBe(3);
  });

  it('never holds back concurrent checks of one good key from one address', async () => {
    const { authenticate, store, issued } = await throttled();
    const open = gate(store);
    const checks = Array.from({ length: 10 }, () => authenticate(`Bearer ${issued.key}`, { clientAddress: '203.0.113.10' }));
    open();
    expect(await outcomes(checks)).toEqual(Array(10).fill('ok'));
  });

  it('gives a check back when the store cannot answer', async () => {
    const { authenticate, store } = await throttled();
    store.findKeyByHash = () => Promise.reject(new Error('database down'));
    const from = { clientAddress: '203.0.113.11' };
    for (let n = 0; n < 5; n += 1) await expect(authenticate(`Bearer psk_guess_${n}`, from)).rejects.toThrow('database down');
    store.findKeyByHash = async () => null;
    await expect(authenticate('Bearer psk_guess', from)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('does not count good keys, malformed headers or checks without an address', async () => {
    const { authenticate, issued } = await throttled();
    const from = { clientAddress: '203.0.113.8' };
    for (let n = 0; n < 5; n += 1) {
      await authenticate(`Bearer ${issued.key}`, from);
      await expect(authenticate('Basic abc', from)).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(authenticate('Bearer psk_guess')).rejects.toMatchObject({ code: 'unauthorized' });
    }
    await expect(authenticate('Bearer psk_guess', from)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
