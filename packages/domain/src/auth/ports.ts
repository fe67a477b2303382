import type { Scope } from './scopes.js';

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
  /** What the key may do; keys made before scopes existed read as having every scope. */
  scopes: Scope[];
  /** When the key stops working; null for never. */
  expiresAt: Date | null;
  /** Operations per rate-limit window for this key; null for the service's PETSTORE_RATE_LIMIT. */
  rateLimit: number | null;
  /** About when the key was last used (written at most once a minute per key per instance); null for never. */
  lastUsedAt: Date | null;
  /** The key that replaced this one by a roll; null while it has not been rolled. */
  replacedBy: string | null;
  /** For a rolled key, when its overlap with its replacement ends and it stops working; null otherwise. */
  overlapEndsAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** What `updateKey` may change; an absent attribute stays as it is. */
export type KeyChanges = Partial<Pick<ApiKeyRecord, 'scopes' | 'rateLimit'>>;

export interface KeyReplacement {
  replacedBy: string;
  overlapEndsAt: Date;
}

export interface KeyStore {
  insertAccount(account: Account): Promise<void>;
  getAccount(id: string): Promise<Account | null>;
  insertKey(key: ApiKeyRecord): Promise<void>;
  getKey(id: string): Promise<ApiKeyRecord | null>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Sets the given attributes; returns the record after, or null when no such key exists. */
  updateKey(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null>;
  /**
   * Marks the key replaced by a roll unless it was replaced already (the first replacement is
   * kept, as the first revocation is); returns the record after, or null when no such key exists.
   */
  replaceKey(id: string, replacement: KeyReplacement): Promise<ApiKeyRecord | null>;
  /** Marks the key revoked; returns the record, or null when no such key exists. */
  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null>;
  /** Records a use of the key at `at`, unless a later one is recorded already; a missing key is ignored. */
  recordKeyUse(id: string, at: Date): Promise<void>;
}
