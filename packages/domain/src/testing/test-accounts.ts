import { AccountService } from '../accounts/account-service.js';
import type { Clock } from '../clock/clock.js';
import { KeyService } from '../keys/key-service.js';
import type { WritableKeyStore } from '../keys/key-writes.js';
import { ArrayAuditLog } from './array-audit-log.js';
import { MapKeyClaims } from './map-key-claims.js';
import { testKeyTags } from './test-key-tags.js';

/** The account and key services over the given key store, with an audit log of their own that tests can read. */
export function testAccounts(
  keys: WritableKeyStore,
  clock: Clock,
  options: { maxRateLimit?: number | null; actor?: string } = {},
): { accounts: AccountService; keyService: KeyService; audit: ArrayAuditLog } {
  const audit = new ArrayAuditLog();
  const actor = options.actor ?? 'tester';
  const keyService = new KeyService({
    keys,
    audit,
    claims: new MapKeyClaims(),
    clock,
    actor,
    keyTags: testKeyTags,
    maxRateLimit: options.maxRateLimit ?? null,
  });
  return { accounts: new AccountService({ keys, audit, clock, actor }), keyService, audit };
}
