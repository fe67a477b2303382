import { KeyDecisionBook } from '../auth/key-decision-book.js';
import type { Account, ApiKeyRecord, KeyChanges, KeyReplacement, RollDecision } from '../auth/ports.js';
import type { WritableKeyStore } from '../keys/key-writes.js';

/** The smallest key store, for unit tests; counts lookups (of keys and accounts) and use writes so caching and throttling can be seen. */
export class MapKeyStore implements WritableKeyStore {
  accounts = new Map<string, Account>();
  keys = new Map<string, ApiKeyRecord>();
  lookups = 0;
  accountLookups = 0;
  useWrites: Array<[string, Date]> = [];
  private readonly decisions = new KeyDecisionBook();
  async insertAccount(a: Account) {
    this.accounts.set(a.id, { ...a });
  }
  async getAccount(id: string) {
    this.accountLookups += 1;
    const a = this.accounts.get(id);
    return a ? { ...a } : null;
  }
  async listAccounts() {
    return [...this.accounts.values()].toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((a) => ({ ...a }));
  }
  async setAccountSuspension(id: string, at: Date | null) {
    const a = this.accounts.get(id);
    if (!a) return null;
    a.suspendedAt = at;
    return { ...a };
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
    return this.change(id, changes);
  }
  async decideRoll(decision: RollDecision) {
    return this.decisions.decideRoll(decision);
  }
  async latestRoll(keyId: string) {
    return this.decisions.latestRoll(keyId);
  }
  async decideRevocation(keyId: string, at: Date) {
    return this.decisions.decideRevocation(keyId, at);
  }
  async replaceKey(id: string, replacement: KeyReplacement) {
    return this.change(id, replacement);
  }
  async activateKey(id: string) {
    return this.change(id, { rollPending: false });
  }
  async discardKey(id: string) {
    if (this.keys.get(id)?.rollPending) this.keys.delete(id);
  }
  async revokeKey(id: string, at: Date) {
    return this.change(id, { revokedAt: this.keys.get(id)?.revokedAt ?? at });
  }
  async recordKeyUse(id: string, at: Date) {
    this.useWrites.push([id, at]);
    const k = this.keys.get(id);
    if (k && (k.lastUsedAt === null || k.lastUsedAt < at)) k.lastUsedAt = at;
  }
  private change(id: string, changes: Partial<ApiKeyRecord>) {
    const k = this.keys.get(id);
    if (!k) return null;
    Object.assign(k, changes);
    return { ...k };
  }
}
