import { AccountService } from '../accounts/account-service.js';
import type { KeyStore } from '../auth/ports.js';
import type { Clock } from '../clock/clock.js';
import { ArrayAuditLog } from './array-audit-log.js';
import { testKeyTags } from './test-key-tags.js';

/** An account service over the given key store, with an audit log of its own that tests can read. */
export function testAccounts(keys: KeyStore, clock: Clock): { accounts: AccountService; audit: ArrayAuditLog } {
  const audit = new ArrayAuditLog();
  return { accounts: new AccountService({ keys, audit, clock, actor: 'tester', keyTags: testKeyTags }), audit };
}
