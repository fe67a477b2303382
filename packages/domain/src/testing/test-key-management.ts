import { AccountService } from '../accounts/account-service.js';
import type { Scope } from '../auth/scopes.js';
import { operatorOn } from '../keys/callers.js';
import { KeyService } from '../keys/key-service.js';
import { KeyManagementService } from '../management/key-management.js';
import type { ManagementCaller } from '../management/ports.js';
import type { Role } from '../people/ports.js';
import { ArrayAuditLog } from './array-audit-log.js';
import { MapKeyClaims } from './map-key-claims.js';
import { MapKeyStore } from './map-key-store.js';
import { MapPeopleStore } from './map-people-store.js';
import { movableClock } from './movable-clock.js';
import { testKeyTags } from './test-key-tags.js';

/** The request every change in these tests comes from. */
export const FROM = { clientAddress: '198.51.100.4' };

/** Every account's ceiling of a key's own rate limit in these tests. */
export const TEST_MAX_RATE_LIMIT = 1000;

/**
 * The key management service over in-memory stores and a clock the test moves, with helpers that
 * make accounts and the callers of one: people (owner or member, verified or not) and keys.
 */
export function testKeyManagement() {
  const { clock, advance } = movableClock('2026-06-01T00:00:00.000Z');
  const keys = new MapKeyStore();
  const people = new MapPeopleStore();
  const audit = new ArrayAuditLog();
  const claims = new MapKeyClaims();
  const accounts = new AccountService({ keys, audit, clock, actor: 'operator' });
  const keyService = new KeyService({ keys, audit, claims, clock, actor: 'operator', keyTags: testKeyTags, maxRateLimit: TEST_MAX_RATE_LIMIT });
  const management = new KeyManagementService({ keyService, keys, people, audit, clock });

  let made = 0;
  const person = async (
    accountId: string,
    options: { role?: Role; emailVerified?: boolean } = {},
  ): Promise<ManagementCaller & { kind: 'person' }> => {
    made += 1;
    const id = `per_${made}`;
    const now = clock.now();
    const emailVerified = options.emailVerified ?? true;
    await people.insertPerson({
      id,
      email: `person${made}@example.com`,
      emailVerifiedAt: emailVerified ? now : null,
      passwordHash: '$argon2id$not-a-real-hash',
      passwordChangedAt: now,
      createdAt: now,
    });
    const role = options.role ?? 'owner';
    await people.insertMembership({ accountId, personId: id, role, createdAt: now });
    return { kind: 'person', personId: id, accountId, role, emailVerified };
  };

  /** A key of the account made by the operator (with an expiry or a limit when given), and the caller it is at the management API. */
  const keyCaller = async (
    accountId: string,
    scopes: Scope[],
    bounds: { expiresAt?: string; rateLimit?: number } = {},
  ): Promise<ManagementCaller & { kind: 'key' }> => {
    const issued = await keyService.createKey(operatorOn(accountId), { scopes, ...bounds });
    return { kind: 'key', keyId: issued.id, accountId, scopes: issued.scopes };
  };

  const account = async (name = 'Acme') => (await accounts.createAccount(name)).id;

  return { clock, advance, keys, people, audit, claims, accounts, keyService, management, person, keyCaller, account };
}
