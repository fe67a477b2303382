import type { Account, ApiKeyRecord, KeyChanges, KeyReplacement, KeyStore } from '../auth/ports.js';

/** The smallest key store, for unit tests; counts lookups and use writes so caching and throttling can be seen. */
export class MapKeyStore implements KeyStore {
  accounts = new Map<string, Account>();
  keys = new Map<string, ApiKeyRecord>();
  lookups = 0;
  useWrites: Array<[string, Date]> = [];
  async insertAccount(a: Account) {
    this.accounts.set(a.id, a);
  }
  async getAccount(id: string) {
    return this.accounts.get(id) ?? null;
  }
  async insertKey(k: ApiKeyRecord) {
    this.keys.set(k.id, { ...k });
  }
  async getKey(id: string) {
    const k = this.keys.get(id);
    return k ? { ...k } : null;
  }
  async findKeyByHash(hash: string) {
    this.lookups += 1;
    const k = [...this.keys.values()].find((each) => each.hash === hash);
    return k ? { ...k } : null;
  }
  async listKeys(accountId: string) {
    return [...this.keys.values()].filter((k) => k.accountId === accountId).map((k) => ({ ...k }));
  }
  async updateKey(id: string, changes: KeyChanges) {
    const k = this.keys.get(id);
    if (!k) return null;
    Object.assign(k, changes);
    return { ...k };
  }
  async replaceKey(id: string, replacement: KeyReplacement) {
    const k = this.keys.get(id);
    if (!k) return null;
    if (k.replacedBy === null) Object.assign(k, replacement);
    return { ...k };
  }
  async revokeKey(id: string, at: Date) {
    const k = this.keys.get(id);
    if (!k) return null;
    k.revokedAt ??= at;
    return { ...k };
  }
  async recordKeyUse(id: string, at: Date) {
    this.useWrites.push([id, at]);
    const k = this.keys.get(id);
    if (k && (k.lastUsedAt === null || k.lastUsedAt < at)) k.lastUsedAt = at;
  }
}
