import type { ApiKeyRecord } from '../auth/ports.js';
import { DomainError } from '../errors/domain-error.js';
import { isLive } from './key-state.js';
import type { AccountLimits } from '../management/ports.js';

/** Keys an account may hold at once (not revoked nor expired): plenty for automation, a bound on what one account stores. */
export const MAX_KEYS_PER_ACCOUNT = 100;

/** The limits every account has: the service's own rate limit (null for none) is the ceiling of its keys'. */
export function accountLimits(maxRateLimit: number | null): AccountLimits {
  return { maxKeys: MAX_KEYS_PER_ACCOUNT, maxRateLimit };
}

/**
 * Refuses a new key when the account holds its most already. Judged on a listing, not claimed:
 * creates racing at the bound may pass it together by a few, which bounds storage just as well.
 */
export function requireRoomForKey(keys: readonly ApiKeyRecord[], limits: AccountLimits, now: Date): void {
  const live = keys.filter((key) => !key.rollPending && isLive(key, now)).length;
  if (live >= limits.maxKeys) {
    throw new DomainError(
      'conflict',
      `this account holds ${live} keys, its most (${limits.maxKeys}); revoke keys it no longer uses, then create another`,
    );
  }
}
