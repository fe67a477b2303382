import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import { isScope, SCOPES, withImpliedScopes, type Scope } from '../auth/scopes.js';

/** The largest per-key rate limit, as for PETSTORE_RATE_LIMIT. */
export const MAX_RATE_LIMIT = 10_000_000;

/** A roll's old key keeps working this long by default, so consumers can move to the new one without downtime. */
export const DEFAULT_ROLL_OVERLAP_SECONDS = 24 * 60 * 60;

/** The longest expiry asked for in one go: ten years. */
export const MAX_DURATION_SECONDS = 10 * 365 * 24 * 60 * 60;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The longest a rolled key keeps working beside its replacement: 30 days, time enough to redeploy
 * every consumer, short enough that a roll (often made because a key leaked) ends the old key.
 */
export const MAX_ROLL_OVERLAP_SECONDS = 30 * DAY_SECONDS;

const OVERLAP_RULE = `must be a whole number of seconds from 0 to ${MAX_ROLL_OVERLAP_SECONDS} (${MAX_ROLL_OVERLAP_SECONDS / DAY_SECONDS} days)`;

/** A roll's overlap in seconds (0 ends the old key now): the one rule of rollKey's body, the account service and the command line. */
export const OverlapSeconds = z.int({ error: OVERLAP_RULE }).min(0, { error: OVERLAP_RULE }).max(MAX_ROLL_OVERLAP_SECONDS, { error: OVERLAP_RULE });

/** Known scopes once each, in their canonical order, with those they imply; at least one. */
export function checkScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) throw invalid(`scopes: unknown scope "${unknown[0]}"; the scopes are ${SCOPES.join(', ')}`);
  if (scopes.length === 0) throw invalid(`scopes: give at least one of ${SCOPES.join(', ')}`);
  return withImpliedScopes(scopes.filter(isScope));
}

/** A whole number of operations per window, or null for the service's default. */
export function checkRateLimit(limit: number | null): number | null {
  if (limit === null) return null;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT) {
    throw invalid(`rateLimit: must be a whole number from 1 to ${MAX_RATE_LIMIT}`);
  }
  return limit;
}

/** An instant in the future, or null for a key that never expires. */
export function checkExpiry(expiresAt: Date | null, now: Date): Date | null {
  if (expiresAt === null) return null;
  if (Number.isNaN(expiresAt.getTime())) throw invalid('expiresAt: must be a valid instant');
  if (expiresAt.getTime() <= now.getTime()) throw invalid('expiresAt: must be in the future');
  return expiresAt;
}

function invalid(message: string): DomainError {
  return new DomainError('invalid_request', message);
}
