export interface Account {
  id: string;
  name: string;
  createdAt: Date;
}

/** What is kept of an API key: never the key itself, only its hash and a short display prefix. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  /** The first characters of the key, enough to recognise it in a listing. */
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface KeyStore {
  insertAccount(account: Account): Promise<void>;
  getAccount(id: string): Promise<Account | null>;
  insertKey(key: ApiKeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; returns the record, or null when no such key exists. */
  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null>;
}
