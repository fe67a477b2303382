import { defineAuditLogSuite } from './audit-log-suite.js';
import { defineIdempotencyStoreSuite } from './idempotency-store-suite.js';
import { defineIdSourceSuite } from './id-source-suite.js';
import { defineKeyClaimsSuite } from './key-claims-suite.js';
import { defineKeyStoreSuite } from './key-store-suite.js';
import { defineKeyTagSecretsSuite } from './key-tag-secrets-suite.js';
import { definePagingSuite } from './paging-suite.js';
import { definePetStoreSuite } from './pet-store-suite.js';
import type { MakeStores } from './store-fixture.js';

/**
 * Every behaviour a store adapter promises, stated once; each adapter's tests call this with a
 * factory of fresh stores. (The pattern of apollo-server's integration-testsuite.)
 */
export function defineStoreSuite(name: string, makeStores: MakeStores): void {
  definePetStoreSuite(name, makeStores);
  definePagingSuite(name, makeStores);
  defineIdSourceSuite(name, makeStores);
  defineKeyStoreSuite(name, makeStores);
  defineAuditLogSuite(name, makeStores);
  defineIdempotencyStoreSuite(name, makeStores);
  defineKeyClaimsSuite(name, makeStores);
  defineKeyTagSecretsSuite(name, makeStores);
}
