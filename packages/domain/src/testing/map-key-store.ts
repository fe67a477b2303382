import type { Account, ApiKeyRecord, KeyStore } from '../auth/ports.js';

/** The smallest key store, for unit tests; counts lookups so caching can be seen. */
export class MapKeyStore implements KeyStore {
  accounts = new Map<string, Account>();
  keys = new Map<string, ApiKeyRecord>();
  lookups = 0;
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
    this.lookups += 1;
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
