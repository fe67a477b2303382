import { summarise, type KeySummary } from './key-views.js';
import type { ApiKeyRecord } from '../auth/ports.js';
import type { KeyState, KeyView } from '../management/ports.js';

/** A key expiring within this long is listed `expiring`, so its owner sees it coming. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

type Instants = Pick<KeySummary, 'revokedAt' | 'expiresAt' | 'replacedBy' | 'overlapEndsAt'>;

/**
 * Where a key stands at `now`, and until when: revoked wins over everything; a key past its expiry
 * or past its roll's overlap is expired; a rolled key works until its overlap ends (or its expiry,
 * if sooner); a key expiring within 7 days is expiring until its expiry.
 */
export function keyState(key: Instants, now: Date): { state: KeyState; until: Date | null } {
  if (key.revokedAt !== null) return { state: 'revoked', until: null };
  const end = endOf(key);
  if (end !== null && end.getTime() <= now.getTime()) return { state: 'expired', until: null };
  if (key.replacedBy !== null) return { state: 'rolled', until: end };
  if (key.expiresAt !== null && key.expiresAt.getTime() - now.getTime() <= EXPIRING_WITHIN_MS) {
    return { state: 'expiring', until: key.expiresAt };
  }
  return { state: 'active', until: null };
}

/** A key as the management API lists it: what is kept of it but its hash, and where it stands. */
export function keyView(key: KeySummary | ApiKeyRecord, now: Date): KeyView {
  // A stored record is a summary plus its hash: the type alone would let the hash through.
  const { rollPending: _pending, ...summary } = 'hash' in key ? summarise(key) : key;
  return { ...summary, ...keyState(summary, now) };
}

/** Whether a key still counts against the account's keys: not revoked and not expired. */
export function isLive(key: Instants, now: Date): boolean {
  const { state } = keyState(key, now);
  return state !== 'revoked' && state !== 'expired';
}

/** When a key stops working of itself: its expiry, or the end of its roll's overlap if sooner; null for never. */
export function endOf(key: Pick<Instants, 'expiresAt' | 'overlapEndsAt'>): Date | null {
  const { expiresAt: a, overlapEndsAt: b } = key;
  if (a === null) return b;
  if (b === null) return a;
  return a.getTime() <= b.getTime() ? a : b;
}
