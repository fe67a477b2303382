import type { Account, ApiKeyRecord, KeyStore } from '@petstore/domain';

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
    this.keys.set(key.id, { ...key });
    this.keyIdByHash.set(key.hash, key.id);
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const id = this.keyIdByHash.get(hash);
    const key = id === undefined ? undefined : this.keys.get(id);
    return key ? { ...key } : null;
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((key) => key.accountId === accountId).map((key) => ({ ...key }));
  }

  async revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(id);
    if (!key) return null;
    key.revokedAt ??= at;
    return { ...key };
  }
}
