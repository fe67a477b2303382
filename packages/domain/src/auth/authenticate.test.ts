import { describe, expect, it } from 'vitest';
import { AccountService } from '../accounts/account-service.js';
import { fixedClock } from '../clock/clock.js';
import type { Account, ApiKeyRecord, KeyStore } from './ports.js';
import { createAuthenticator } from './authenticate.js';

class MapKeyStore implements KeyStore {
  accounts = new Map<string, Account>();
  keys = new Map<string, ApiKeyRecord>();
  async insertAccount(a: Account) {
    this.accounts.set(a.id, a);
  }
  async getAccount(id: string) {
    return this.accounts.get(id) ?? null;
  }
  async insertKey(k: ApiKeyRecord) {
    this.keys.set(k.id, k);
  }
  async findKeyByHash(hash: string) {
    return [...this.keys.values()].find((k) => k.hash === hash) ?? null;
  }
  async listKeys(accountId: string) {
    return [...this.keys.values()].filter((k) => k.accountId === accountId);
  }
  async revokeKey(id: string, at: Date) {
    const k = this.keys.get(id);
    if (!k) return null;
    k.revokedAt ??= at;
    return k;
  }
}

const setup = async () => {
  const store = new MapKeyStore();
  const accounts = new AccountService({ keys: store, clock: fixedClock(new Date('2026-01-01T00:00:00Z')) });
  const account = await accounts.createAccount('acme');
  const issued = await accounts.createKey(account.id);
  return { store, accounts, account, issued, authenticate: createAuthenticator(store) };
};

describe('createAuthenticator', () => {
  it('accepts a valid key with the scheme in any case', async () => {
    const { authenticate, issued, account } = await setup();
    expect(await authenticate(`Bearer ${issued.key}`)).toEqual({ accountId: account.id, keyId: issued.id });
    expect((await authenticate(`bearer ${issued.key}`)).keyId).toBe(issued.id);
  });

  it.each([undefined, '', 'Basic abc', 'Bearer', 'Bearer a b', 'Bearer psk_unknown'])('refuses %j', async (header) => {
    const { authenticate } = await setup();
    await expect(authenticate(header)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a revoked key', async () => {
    const { authenticate, accounts, issued } = await setup();
    await accounts.revokeKey(issued.id);
    await expect(authenticate(`Bearer ${issued.key}`)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('AccountService', () => {
  it('stores only a hash and a short prefix of a key', async () => {
    const { store, issued } = await setup();
    const record = store.keys.get(issued.id);
    expect(record?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.toContain(issued.key);
    expect(issued.key.startsWith(record?.prefix ?? '?')).toBe(true);
  });

  it('lists keys without their hashes', async () => {
    const { accounts, account } = await setup();
    const [summary] = await accounts.listKeys(account.id);
    expect(summary).not.toHaveProperty('hash');
  });

  it('refuses keys for an unknown account and revoking an unknown key', async () => {
    const { accounts } = await setup();
    await expect(accounts.createKey('acc_missing')).rejects.toMatchObject({ code: 'not_found' });
    await expect(accounts.revokeKey('key_missing')).rejects.toMatchObject({ code: 'not_found' });
  });
});
