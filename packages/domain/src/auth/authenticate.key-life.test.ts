import { describe, expect, it } from 'vitest';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { createAuthenticator } from './authenticate.js';
import { CachedKeyStore } from './cached-key-store.js';
import { LastUseRecorder } from './last-use-recorder.js';
import { testKeyTags } from '../testing/test-key-tags.js';
import { OPERATOR, operatorOn } from '../keys/callers.js';

const START = '2026-01-01T00:00:00.000Z';

const setup = async (options: { cacheSeconds?: number } = {}) => {
  const { clock, advance } = movableClock(START);
  const store = new MapKeyStore();
  const keys = options.cacheSeconds ? new CachedKeyStore(store, { lifetimeSeconds: options.cacheSeconds, maxEntries: 10, clock }) : store;
  const { accounts, keyService } = testAccounts(keys, clock);
  const account = await accounts.createAccount('acme');
  const lastUse = new LastUseRecorder({ keys, maxKeys: 10 });
  const authenticate = createAuthenticator(keys, { clock, lastUse, keyTags: testKeyTags });
  return { store, accounts, keyService, account, advance, authenticate, check: (key: string) => authenticate(`Bearer ${key}`) };
};

describe('createAuthenticator and the life of a key', () => {
  it("gives the principal the key's scopes and its own rate limit", async () => {
    const { keyService, account, check } = await setup();
    const issued = await keyService.createKey(operatorOn(account.id), { scopes: ['pets:read'], rateLimit: 500 });
    expect(await check(issued.key)).toEqual({
      accountId: account.id,
      keyId: issued.id,
      scopes: ['pets:read'],
      rateLimit: 500,
      lineageId: issued.id,
      kind: 'secret',
    });
  });

  it('refuses a key from the instant it expires, saying it expired', async () => {
    const { keyService, account, advance, check } = await setup();
    const issued = await keyService.createKey(operatorOn(account.id), { expiresAt: '2026-01-31T00:00:00.000Z' });
    advance(30 * 86_400_000 - 1);
    expect((await check(issued.key)).keyId).toBe(issued.id);
    advance(1);
    await expect(check(issued.key)).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'this API key expired at 2026-01-31T00:00:00.000Z',
    });
  });

  it('enforces the expiry exactly while the record is remembered by the cache', async () => {
    const { store, keyService, account, advance, check } = await setup({ cacheSeconds: 300 });
    const issued = await keyService.createKey(operatorOn(account.id), { expiresAt: new Date(Date.parse(START) + 10_000).toISOString() });
    await check(issued.key);
    advance(10_000);
    await expect(check(issued.key)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('expired') });
    expect(store.lookups, 'the remembered record was judged, not fetched again').toBe(1);
  });

  it('keeps a rolled key working until its overlap ends, and the new key from the start', async () => {
    const { keyService, account, advance, check } = await setup();
    const old = await keyService.createKey(operatorOn(account.id), { scopes: ['pets:read'], rateLimit: 7 });
    const { key } = await keyService.rollKey(OPERATOR, old.id, { overlapSeconds: 3600 });
    expect(await check(key.key)).toMatchObject({ keyId: key.id, scopes: ['pets:read'], rateLimit: 7 });
    advance(3_599_999);
    expect((await check(old.key)).keyId).toBe(old.id);
    advance(1);
    await expect(check(old.key)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/expired .*rolled/) });
    expect((await check(key.key)).keyId).toBe(key.id);
  });

  it('ends a key rolled with no overlap at once', async () => {
    const { keyService, account, check } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    await keyService.rollKey(OPERATOR, old.id, { overlapSeconds: 0 });
    await expect(check(old.key)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('records the last use of a key at most once a minute however often it is checked', async () => {
    const { store, keyService, account, advance, check } = await setup();
    const issued = await keyService.createKey(operatorOn(account.id));
    for (let n = 0; n < 100; n += 1) await check(issued.key);
    advance(59_999);
    await check(issued.key);
    advance(1);
    await check(issued.key);
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.useWrites.map(([, at]) => at.toISOString())).toEqual([START, '2026-01-01T00:01:00.000Z']);
    expect((await keyService.listKeys(operatorOn(account.id)))[0]?.lastUsedAt).toEqual(new Date('2026-01-01T00:01:00.000Z'));
  });

  it('records no use of a refused key', async () => {
    const { store, keyService, account, check } = await setup();
    const issued = await keyService.createKey(operatorOn(account.id));
    await keyService.revokeKey(OPERATOR, issued.id);
    await expect(check(issued.key)).rejects.toMatchObject({ code: 'unauthorized' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.useWrites).toEqual([]);
  });
});
