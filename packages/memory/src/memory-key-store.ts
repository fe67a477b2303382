import type { Account, ApiKeyRecord, KeyChanges, KeyReplacement, KeyStore } from '@petstore/domain';

/** Records are copied in and out (scopes included), so no caller can change what is stored. */
const copy = (key: ApiKeyRecord): ApiKeyRecord => ({ ...key, scopes: [...key.scopes] });

export class MemoryKeyStore implements KeyStore {
  private readonly accounts = new Map<string, Account>();
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly keyIdByHash = new Map<string, string>();

  async insertAccount(account: Account): Promise<void> {
    this.accounts.set(account.id, { ...account });
  }

  async getAccount(id: string): Promise<Account | null> {
    const account = this.accounts.get(id);
    return account ? { ...account } : null;
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
      if (changes.scopes !== undefined) key.scopes = [...changes.scopes];
      if (changes.rateLimit !== undefined) key.rateLimit = changes.rateLimit;
    });
  }

  async replaceKey(id: string, replacement: KeyReplacement): Promise<ApiKeyRecord | null> {
    return this.change(id, (key) => {
      if (key.replacedBy !== null) return;
      key.replacedBy = replacement.replacedBy;
      key.overlapEndsAt = replacement.overlapEndsAt;
    });
  }

  async revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.change(id, (key) => {
      key.revokedAt ??= at;
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
