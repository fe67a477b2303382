import {
  KeyDecisionBook,
  oldestFirst,
  type Account,
  type ApiKeyRecord,
  type KeyChanges,
  type KeyReplacement,
  type RollDecision,
} from '@petstore/domain';
import type { WritableKeyStore } from '@petstore/domain/key-writes';

/** Records are copied in and out (scopes and origins included), so no caller can change what is stored. */
const copy = (key: ApiKeyRecord): ApiKeyRecord => ({ ...key, scopes: [...key.scopes], origins: [...key.origins] });

export class MemoryKeyStore implements WritableKeyStore {
  private readonly accounts = new Map<string, Account>();
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly keyIdByHash = new Map<string, string>();
  private readonly decisions = new KeyDecisionBook();

  async insertAccount(account: Account): Promise<void> {
    this.accounts.set(account.id, { ...account });
  }

  async getAccount(id: string): Promise<Account | null> {
    const account = this.accounts.get(id);
    return account ? { ...account } : null;
  }

  /** Oldest first (by creation, then id), as MongoDB lists them. */
  async listAccounts(): Promise<Account[]> {
    return [...this.accounts.values()].toSorted(oldestFirst((account) => account.id)).map((account) => ({ ...account }));
  }

  async setAccountSuspension(id: string, at: Date | null): Promise<Account | null> {
    const account = this.accounts.get(id);
    if (!account) return null;
    account.suspendedAt = at && new Date(at);
    return { ...account };
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    this.keys.set(key.id, copy(key));
    this.keyIdByHash.set(key.hash, key.id);
  }

  async getKey(id: string): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(id);
    return key ? copy(key) : null;
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const id = this.keyIdByHash.get(hash);
    return id === undefined ? null : this.getKey(id);
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((key) => key.accountId === accountId).map(copy);
  }

  async updateKey(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null> {
    return this.change(id, (key) => {
      if (changes.name !== undefined) key.name = changes.name;
      if (changes.scopes !== undefined) key.scopes = [...changes.scopes];
      if (changes.rateLimit !== undefined) key.rateLimit = changes.rateLimit;
      if (changes.origins !== undefined) key.origins = [...changes.origins];
    });
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

  async replaceKey(id: string, replacement: KeyReplacement): Promise<ApiKeyRecord | null> {
    return this.change(id, (key) => {
      key.replacedBy = replacement.replacedBy;
      key.overlapEndsAt = new Date(replacement.overlapEndsAt);
    });
  }

  async activateKey(id: string): Promise<ApiKeyRecord | null> {
    return this.change(id, (key) => {
      key.rollPending = false;
    });
  }

  async discardKey(id: string): Promise<void> {
    const key = this.keys.get(id);
    if (!key?.rollPending) return;
    this.keys.delete(id);
    this.keyIdByHash.delete(key.hash);
  }

  async revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.change(id, (key) => {
      key.revokedAt ??= new Date(at);
    });
  }

  async recordKeyUse(id: string, at: Date): Promise<void> {
    await this.change(id, (key) => {
      if (key.lastUsedAt === null || key.lastUsedAt < at) key.lastUsedAt = at;
    });
  }

  private async change(id: string, apply: (key: ApiKeyRecord) => void): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(id);
    if (!key) return null;
    apply(key);
    return copy(key);
  }
}
