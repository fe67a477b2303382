import { describe, expect, it } from 'vitest';
import { hashApiKey } from './api-key.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { CachedKeyStore } from './cached-key-store.js';
import { OPERATOR, operatorOn } from '../keys/callers.js';

const setup = async (maxEntries = 100) => {
  const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
  const store = new MapKeyStore();
  const cached = new CachedKeyStore(store, { lifetimeSeconds: 5, maxEntries, clock });
  const { accounts, keyService } = testAccounts(cached, clock);
  const account = await accounts.createAccount('acme');
  const issued = await keyService.createKey(operatorOn(account.id));
  return { store, cached, accounts, keyService, account, issued, advance, hash: hashApiKey(issued.key) };
};

describe('CachedKeyStore', () => {
  it('asks the store once per lifetime for a key, and once for concurrent checks of it', async () => {
    const { store, cached, hash, advance } = await setup();
    const records = await Promise.all([cached.findKeyByHash(hash), cached.findKeyByHash(hash)]);
    expect(records.map((record) => record?.hash)).toEqual([hash, hash]);
    advance(4_999);
    await cached.findKeyByHash(hash);
    expect(store.lookups).toBe(1);
    advance(1);
    await cached.findKeyByHash(hash);
    expect(store.lookups).toBe(2);
  });

  it('remembers an unknown key too, for the same lifetime', async () => {
    const { store, cached, advance } = await setup();
    expect(await cached.findKeyByHash('f'.repeat(64))).toBeNull();
    expect(await cached.findKeyByHash('f'.repeat(64))).toBeNull();
    expect(store.lookups).toBe(1);
    advance(5_000);
    await cached.findKeyByHash('f'.repeat(64));
    expect(store.lookups).toBe(2);
  });

  it('sees a key revoked through it at once', async () => {
    const { cached, keyService, issued, hash } = await setup();
    expect((await cached.findKeyByHash(hash))?.revokedAt).toBeNull();
    await keyService.revokeKey(OPERATOR, issued.id);
    expect((await cached.findKeyByHash(hash))?.revokedAt).toBeInstanceOf(Date);
  });

  it('sees a key revoked elsewhere once its lifetime is over', async () => {
    const { store, cached, issued, hash, advance } = await setup();
    await cached.findKeyByHash(hash);
    const record = store.keys.get(issued.id);
    if (!record) throw new Error('no record');
    store.keys.set(issued.id, { ...record, revokedAt: new Date() }); // as another instance or the CLI would
    expect((await cached.findKeyByHash(hash))?.revokedAt).toBeNull();
    advance(5_000);
    expect((await cached.findKeyByHash(hash))?.revokedAt).toBeInstanceOf(Date);
  });

  it('sees scopes and limits changed, and keys rolled, through it at once', async () => {
    const { cached, keyService, issued, hash } = await setup();
    await cached.findKeyByHash(hash);
    await keyService.updateKey(OPERATOR, issued.id, { scopes: ['pets:read'], rateLimit: 10 });
    expect(await cached.findKeyByHash(hash)).toMatchObject({ scopes: ['pets:read'], rateLimit: 10 });
    const { key } = await keyService.rollKey(OPERATOR, issued.id, { overlapSeconds: 60 });
    expect(await cached.findKeyByHash(hash)).toMatchObject({ replacedBy: key.id });
  });

  it('sees a scope change made elsewhere once its lifetime is over', async () => {
    const { store, cached, issued, hash, advance } = await setup();
    await cached.findKeyByHash(hash);
    await store.updateKey(issued.id, { scopes: ['pets:read'] }); // as the CLI would
    expect((await cached.findKeyByHash(hash))?.scopes).toEqual(['pets:read', 'pets:write']);
    advance(5_000);
    expect((await cached.findKeyByHash(hash))?.scopes).toEqual(['pets:read']);
  });

  it('finds a key created through it at once, though it was looked up as unknown before', async () => {
    const { store, cached, keyService, account } = await setup();
    const key = 'later-key-0123456789abcdef';
    expect(await cached.findKeyByHash(hashApiKey(key))).toBeNull();
    await keyService.createKey(operatorOn(account.id), { presetKey: key });
    expect(await cached.findKeyByHash(hashApiKey(key))).not.toBeNull();
    expect(store.lookups).toBe(2);
  });

  it('does not let a flood of unknown keys push out a known one, and stays bounded', async () => {
    const { store, cached, hash } = await setup(3);
    await cached.findKeyByHash(hash);
    for (let n = 0; n < 50; n += 1) await cached.findKeyByHash(n.toString(16).padStart(64, '0'));
    const before = store.lookups;
    await cached.findKeyByHash(hash);
    expect(store.lookups).toBe(before);
    await cached.findKeyByHash((0).toString(16).padStart(64, '0'));
    expect(store.lookups).toBe(before + 1);
  });

  it('does not remember a failed lookup', async () => {
    const { store, hash } = await setup();
    let down = true;
    const flaky = new CachedKeyStore(
      Object.assign(Object.create(store) as MapKeyStore, {
        findKeyByHash: (h: string) => (down ? Promise.reject(new Error('down')) : store.findKeyByHash(h)),
      }),
      { lifetimeSeconds: 5, maxEntries: 10, clock: { now: () => new Date() } },
    );
    await expect(flaky.findKeyByHash(hash)).rejects.toThrow('down');
    down = false;
    expect(await flaky.findKeyByHash(hash)).not.toBeNull();
  });
});
