import type { Scope } from './scopes.js';

export interface Account {
  id: string;
  name: string;
  createdAt: Date;
  /** Since when the operator has suspended the account (its keys refused, its people kept out); null while it is not. */
  suspendedAt: Date | null;
}

/**
 * `secret`, a key kept on a server (every scope); `browser`, a key a web page may hold in plain
 * sight (`pets:read` only), accepted only from the origins it lists.
 */
export type KeyKind = 'secret' | 'browser';

/** What is kept of an API key: never the key itself, only its hash and a short display prefix. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** What its owner calls it, to tell keys apart (see KeyName); null for a key given none, as keys made before names were. */
  name: string | null;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  /** The first characters of the key, enough to recognise it in a listing. */
  prefix: string;
  /** What the key may do; keys made before scopes existed read as having both pet scopes. */
  scopes: Scope[];
  /** Keys made before kinds existed are secret keys. */
  kind: KeyKind;
  /** For a browser key, the exact origins (`https://host[:port]`) it is accepted from; empty for a secret key. */
  origins: string[];
  /**
   * Who issued it, as the audit trail names actors (`person:<id>`, `key:<id>`, or the operator);
   * null for keys made before this was kept.
   */
  createdBy: string | null;
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
  /**
   * A replacement inserted by a roll that has not (yet) won its roll decision: never usable. It
   * becomes usable once its roll won (activateKey); a roll that lost discards it.
   */
  rollPending: boolean;
  /**
   * The first key of this key's roll lineage (its own id for a key never rolled into): every key
   * of one lineage is one credential being replaced, so they share one rate-limit budget.
   */
  lineageId: string;
}

/** What `updateKey` may change; an absent attribute stays as it is. */
export type KeyChanges = Partial<Pick<ApiKeyRecord, 'name' | 'scopes' | 'rateLimit' | 'origins'>>;

export interface KeyReplacement {
  replacedBy: string;
  overlapEndsAt: Date;
}

/** The `generation`-th roll of `keyId` (1 for its first), decided once for every writer. */
export interface RollDecision {
  keyId: string;
  generation: number;
  replacementId: string;
  overlapEndsAt: Date;
}

/** What stands after asking for a decision: `won` when this caller's was the one kept. */
export interface Decided<T> {
  won: boolean;
  decision: T;
}

/**
 * What anyone may hold of the key store: lookups, accounts (kept beside their keys) and a key's
 * last use. Keys are written only through KeyWrites, which only the key service uses
 * (packages/domain/src/keys, checked by a dependency-cruiser rule).
 */
export interface KeyStore {
  insertAccount(account: Account): Promise<void>;
  getAccount(id: string): Promise<Account | null>;
  /** Every account, oldest first. */
  listAccounts(): Promise<Account[]>;
  /** Suspends the account from `at`, or resumes it with null; returns the account after, or null when there is no such account. */
  setAccountSuspension(id: string, at: Date | null): Promise<Account | null>;
  getKey(id: string): Promise<ApiKeyRecord | null>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** The key's roll decided last (highest generation), or null when it was never rolled this way. */
  latestRoll(keyId: string): Promise<RollDecision | null>;
  /** Records a use of the key at `at`, unless a later one is recorded already; a missing key is ignored. */
  recordKeyUse(id: string, at: Date): Promise<void>;
}

/**
 * Where the secret keys are tagged under is kept when the configuration names none, so that every
 * instance on one database (and the command line) tags and checks keys alike (docs/key-tags.md).
 * It is as sensitive as the key hashes beside it, and never leaves the service.
 */
export interface KeyTagSecretStore {
  /**
   * The stored secret, storing `candidate` first when there is none: one unique-key insert, so
   * instances starting together all get the one that was stored first.
   */
  claim(candidate: string): Promise<string>;
  /** The stored secret, or null when none was ever stored. */
  find(): Promise<string | null>;
}
