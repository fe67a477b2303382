import type { ApiKeyRecord } from './ports.js';

export const UNKNOWN_KEY = 'invalid or revoked API key';

/** Said of every key of a suspended account, whatever the key: the operator suspended the account, not the key. */
export const SUSPENDED_ACCOUNT = "this API key's account is suspended: ask the service's operator";

/**
 * Why a key found in the store may not be used at `now`, or undefined when it may. Judged on
 * every check, against the record's own instants, so a cached record stops at its exact time.
 */
export function whyKeyRefused(record: ApiKeyRecord, now: Date): string | undefined {
  // A replacement whose roll has not won (or lost) is not a key anyone was given.
  if (record.revokedAt !== null || record.rollPending) return UNKNOWN_KEY;
  if (record.expiresAt !== null && record.expiresAt.getTime() <= now.getTime()) {
    return `this API key expired at ${record.expiresAt.toISOString()}`;
  }
  if (record.overlapEndsAt !== null && record.overlapEndsAt.getTime() <= now.getTime()) {
    return `this API key expired at ${record.overlapEndsAt.toISOString()}: it was rolled, and its overlap with its replacement has ended`;
  }
  return undefined;
}
