import type { ApiKeyRecord, Decided, KeyChanges, KeyReplacement, KeyStore, RollDecision } from '../auth/ports.js';

/**
 * The key store's writes. Only the key service (KeyService) writes keys, so only it uses this port;
 * the store adapters implement it, and the key cache passes it on. The dependency-cruiser rule
 * `keys-written-by-the-key-service` refuses an import of this module from anywhere else, and the
 * domain's index does not export it (adapters take it from `@petstore/domain/key-writes`).
 */
export interface KeyWrites {
  insertKey(key: ApiKeyRecord): Promise<void>;
  /** Sets the given attributes; returns the record after, or null when no such key exists. */
  updateKey(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null>;
  /**
   * Decides a roll unless a roll of the same key and generation was decided already: the first to
   * ask wins, atomically for every writer (a unique-key insert on a database, never a conditional
   * update); returns the decision that stands.
   */
  decideRoll(decision: RollDecision): Promise<Decided<RollDecision>>;
  /** Decides the key's revocation at `at` unless decided already; returns the instant that stands. */
  decideRevocation(keyId: string, at: Date): Promise<Decided<Date>>;
  /** Writes a won roll on the old key; returns the record after, or null when no such key exists. */
  replaceKey(id: string, replacement: KeyReplacement): Promise<ApiKeyRecord | null>;
  /** Makes a replacement whose roll won usable; returns the record after, or null when no such key exists. */
  activateKey(id: string): Promise<ApiKeyRecord | null>;
  /** Deletes a replacement whose roll lost; a key that is not pending is kept. */
  discardKey(id: string): Promise<void>;
  /** Writes a decided revocation instant, keeping one written before; returns the record, or null when no such key exists. */
  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null>;
}

/** A key store as its adapters make it and the key service takes it: read and written. */
export type WritableKeyStore = KeyStore & KeyWrites;
