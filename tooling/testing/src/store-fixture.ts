import type { AuditLog, IdempotencyStore, IdSource, KeyClaims, KeyTagSecretStore, PetStore } from '@petstore/domain';
import type { WritableKeyStore } from '@petstore/domain/key-writes';
import { afterEach, beforeEach } from 'vitest';

/** One set of stores over fresh, empty storage; `close` releases (and for databases, drops) it. */
export interface StoreFixture {
  pets: PetStore;
  ids: IdSource;
  /** Read and written directly: the adapters' contract, below the key service that alone writes keys in the service. */
  keys: WritableKeyStore;
  audit: AuditLog;
  idempotency: IdempotencyStore;
  keyClaims: KeyClaims;
  keyTagSecrets: KeyTagSecretStore;
  close(): Promise<void>;
}

export type MakeStores = () => Promise<StoreFixture>;

/**
 * Gives every test of the enclosing `describe` its own fresh stores, so no test depends on what
 * another one wrote. Call the returned function inside a test, once `beforeEach` has run.
 */
export function useFreshStores<F extends { close(): Promise<void> } = StoreFixture>(makeStores: () => Promise<F>): () => F {
  let current: F | undefined;
  beforeEach(async () => {
    current = await makeStores();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('stores are only available inside a test');
    return current;
  };
}
