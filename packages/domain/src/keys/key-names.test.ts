import { describe, expect, it } from 'vitest';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { OPERATOR, operatorOn } from './callers.js';

const setup = async () => {
  const store = new MapKeyStore();
  const { accounts, keyService, audit } = testAccounts(store, movableClock('2026-01-01T00:00:00Z').clock);
  return { store, accounts, keyService, audit, account: await accounts.createAccount('acme') };
};

describe('KeyService key names', () => {
  it('keeps a trimmed name from creation, through a rename, into a roll, and takes it away with null', async () => {
    const { keyService, account, audit } = await setup();
    const created = await keyService.createKey(operatorOn(account.id), { name: '  CI deploy  ' });
    expect(created.name).toBe('CI deploy');
    expect((await keyService.updateKey(OPERATOR, created.id, { name: 'Nightly import' })).name).toBe('Nightly import');
    expect(audit.records.at(-1)).toMatchObject({ action: 'key.updated', changes: { name: { from: 'CI deploy', to: 'Nightly import' } } });
    const { key } = await keyService.rollKey(OPERATOR, created.id);
    expect(key.name).toBe('Nightly import');
    expect((await keyService.updateKey(OPERATOR, key.id, { name: null })).name).toBeNull();
    const listed = await keyService.listKeys(operatorOn(account.id));
    expect(Object.fromEntries(listed.map((each) => [each.id, each.name]))).toEqual({ [created.id]: 'Nightly import', [key.id]: null });
  });

  it('gives a key no name unless told one, and a rename to the same name records nothing', async () => {
    const { keyService, account, audit } = await setup();
    expect((await keyService.createKey(operatorOn(account.id))).name).toBeNull();
    const named = await keyService.createKey(operatorOn(account.id), { name: 'CI' });
    const recorded = audit.records.length;
    await keyService.updateKey(OPERATOR, named.id, { name: 'CI' });
    expect(audit.records).toHaveLength(recorded);
  });

  it.each([
    ['a newline', 'a\nb', 'name: must not contain control or format characters (it has U+000A)'],
    ['a right-to-left override', 'shop\u202Etxt', 'name: must not contain control or format characters (it has U+202E)'],
    ['101 characters', 'k'.repeat(101), 'name: must be at most 100 characters'],
    ['nothing but spaces', '  ', 'name: must not be blank'],
  ])('refuses a name with %s, on creation and on update, changing nothing', async (_, name, message) => {
    const { store, keyService, account, audit } = await setup();
    await expect(keyService.createKey(operatorOn(account.id), { name })).rejects.toMatchObject({ code: 'invalid_request', message });
    expect(store.keys.size).toBe(0);
    const key = await keyService.createKey(operatorOn(account.id), { name: 'fine' });
    const recorded = audit.records.length;
    await expect(keyService.updateKey(OPERATOR, key.id, { name })).rejects.toMatchObject({ code: 'invalid_request', message });
    expect([store.keys.get(key.id)?.name, audit.records.length]).toEqual(['fine', recorded]);
  });

  it('takes a name of exactly 100 characters', async () => {
    const { keyService, account } = await setup();
    expect((await keyService.createKey(operatorOn(account.id), { name: 'k'.repeat(100) })).name).toHaveLength(100);
  });
});
