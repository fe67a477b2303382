import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../auth/authenticate.js';
import { CachedKeyStore } from '../auth/cached-key-store.js';
import { SUSPENDED_ACCOUNT } from '../auth/key-validity.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { testKeyTags } from '../testing/test-key-tags.js';
import { operatorOn } from '../keys/callers.js';

const NOW = '2026-01-01T00:00:00.000Z';

/** Two services over one store, one of them through a key cache: like two instances, or the CLI and an instance. */
const setup = async () => {
  const { clock, advance } = movableClock(NOW);
  const store = new MapKeyStore();
  const cached = new CachedKeyStore(store, { lifetimeSeconds: 5, maxEntries: 10, clock });
  const { accounts, keyService, audit } = testAccounts(store, clock);
  const { accounts: throughCache } = testAccounts(cached, clock);
  const account = await accounts.createAccount('acme');
  const issued = await keyService.createKey(operatorOn(account.id));
  const check = createAuthenticator(cached, { clock, keyTags: testKeyTags });
  return { store, accounts, keyService, throughCache, audit, account, issued, advance, check: () => check(`Bearer ${issued.key}`) };
};

describe('AccountService account suspension', () => {
  it('suspends and resumes an account, recording each once with the instant, and records nothing for a repeat', async () => {
    const { accounts, audit, account, advance } = await setup();
    expect(account.suspendedAt).toBeNull();
    const suspended = await accounts.suspendAccount(account.id);
    expect(suspended).toEqual({ ...account, suspendedAt: new Date(NOW) });
    advance(1000);
    expect(await accounts.suspendAccount(account.id)).toEqual(suspended);
    expect(await accounts.resumeAccount(account.id)).toEqual(account);
    expect(await accounts.resumeAccount(account.id)).toEqual(account);
    expect(audit.records.filter((record) => record.action.startsWith('account.') && record.action !== 'account.created')).toEqual([
      expect.objectContaining({
        action: 'account.suspended',
        accountId: account.id,
        actor: 'tester',
        changes: { suspendedAt: { from: null, to: NOW } },
      }),
      expect.objectContaining({ action: 'account.resumed', accountId: account.id, changes: { suspendedAt: { from: NOW, to: null } } }),
    ]);
  });

  it('refuses to suspend or resume an unknown account, as not_found, recording nothing', async () => {
    const { accounts, audit } = await setup();
    const before = audit.records.length;
    await expect(accounts.suspendAccount('acc_missing')).rejects.toMatchObject({ code: 'not_found', message: 'account acc_missing does not exist' });
    await expect(accounts.resumeAccount('acc_missing')).rejects.toMatchObject({ code: 'not_found' });
    expect(audit.records).toHaveLength(before);
  });

  it('lists every account, oldest first, suspended or not', async () => {
    const { accounts, account, advance } = await setup();
    advance(1);
    const other = await accounts.createAccount('other');
    await accounts.suspendAccount(other.id);
    expect((await accounts.listAccounts()).map(({ id, suspendedAt }) => ({ id, suspended: suspendedAt !== null }))).toEqual([
      { id: account.id, suspended: false },
      { id: other.id, suspended: true },
    ]);
  });
});

describe('the key check of a suspended account', () => {
  it('refuses every key of the account with 401 saying it is suspended, and takes them back once it is resumed', async () => {
    const { throughCache, account, check } = await setup();
    await check();
    await throughCache.suspendAccount(account.id);
    await expect(check()).rejects.toMatchObject({ code: 'unauthorized', message: SUSPENDED_ACCOUNT });
    await throughCache.resumeAccount(account.id);
    expect((await check()).accountId).toBe(account.id);
  });

  it('sees a suspension made elsewhere once the cache lifetime is over, and not before', async () => {
    const { accounts, account, advance, check } = await setup();
    await check();
    await accounts.suspendAccount(account.id); // through the store itself, as the CLI or another instance would
    advance(4_999);
    expect((await check()).accountId).toBe(account.id);
    advance(1);
    await expect(check()).rejects.toMatchObject({ code: 'unauthorized', message: SUSPENDED_ACCOUNT });
  });

  it('asks the store for the account once per cache lifetime, however many checks', async () => {
    const { store, advance, check } = await setup();
    const before = store.accountLookups;
    await Promise.all([check(), check(), check()]);
    await check();
    expect(store.accountLookups - before).toBe(1);
    advance(5_000);
    await check();
    expect(store.accountLookups - before).toBe(2);
  });

  it('leaves the keys of other accounts working', async () => {
    const { accounts, throughCache, account, check } = await setup();
    const other = await accounts.createAccount('other');
    await throughCache.suspendAccount(other.id);
    expect((await check()).accountId).toBe(account.id);
  });
});
