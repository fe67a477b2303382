import type { AuditActor } from '../audit/audit-trail.js';
import { UNKNOWN_KEY, whyKeyRefused } from '../auth/key-validity.js';
import type { ApiKeyRecord, KeyStore } from '../auth/ports.js';
import { SCOPES, withImpliedScopes, type Scope } from '../auth/scopes.js';
import { DomainError } from '../errors/domain-error.js';
import { verifyEmailFirst } from '../people/verify-email-first.js';
import { endOf } from './key-state.js';
import type { AccountLimits, ManagementCaller, ManagementContext } from '../management/ports.js';
import type { KeyCaller } from './callers.js';

/**
 * What a caller may do with keys, judged here whatever way in it came by: a person and the
 * operator hold every scope; a key only its own (keys:manage bringing keys:read). No key is created
 * or changed to hold more than its creator, nor a rate limit above the account's; and a key caller
 * gives no key a longer life or a higher limit than its own (docs/key-management.md#containment).
 * The operator is held by none of these: it sets the accounts' limits.
 */

/** How long and how fast a key caller is, which no key it creates, changes or rolls may pass. */
export interface CallerBounds {
  /** When the caller stops working of itself (its expiry, or its roll's overlap end if sooner); null for never. */
  endsAt: Date | null;
  /** Its operations per window, its own or else the account's; null for no limit at all. */
  rateLimit: number | null;
}

/** What a key and its limit would be, as judged against its caller's bounds. */
export interface KeyReach {
  endsAt: Date | null;
  /** Its own limit; null to take the account's. */
  rateLimit: number | null;
}

/** The scopes a caller holds. */
export function heldScopes(caller: KeyCaller): readonly Scope[] {
  return caller.kind === 'key' ? withImpliedScopes(caller.scopes) : SCOPES;
}

/** How the audit trail and a key's createdBy name the caller; undefined for the operator, named as this process's actor. */
export function actorOf(caller: KeyCaller, context: ManagementContext | undefined): AuditActor | undefined {
  if (caller.kind === 'operator') return undefined;
  const actor = caller.kind === 'person' ? `person:${caller.personId}` : `key:${caller.keyId}`;
  return { actor, clientAddress: context?.clientAddress ?? null };
}

export function requireRead(caller: KeyCaller): void {
  if (!heldScopes(caller).includes('keys:read')) throw missing('keys:read', 'read the keys of its account');
}

/** Changes need keys:manage of a key; of a person, a verified address (for `revoke`, not even that: it only takes power away). */
export function requireManage(caller: KeyCaller, change: 'grant' | 'revoke'): void {
  if (!heldScopes(caller).includes('keys:manage')) throw missing('keys:manage', 'change the keys of its account');
  if (change === 'grant' && caller.kind === 'person' && !caller.emailVerified) {
    throw verifyEmailFirst('create or change keys');
  }
}

/** Refuses a key holding a scope the caller lacks. */
export function requireHeld(caller: ManagementCaller, scopes: readonly Scope[]): void {
  const held = heldScopes(caller);
  const lacking = scopes.filter((scope) => !held.includes(scope));
  if (lacking.length > 0) {
    throw new DomainError(
      'forbidden',
      `a key cannot give (or keep for) a key more than it holds: this API key lacks ${lacking.join(', ')} (it has: ${held.join(', ')})`,
    );
  }
}

/** Refuses a key's own rate limit above the account's. */
export function requireWithinLimit(rateLimit: number | null, limits: AccountLimits): void {
  if (rateLimit !== null && limits.maxRateLimit !== null && rateLimit > limits.maxRateLimit) {
    throw new DomainError('forbidden', `rateLimit: at most ${limits.maxRateLimit} operations per window for this account's keys`);
  }
}

/**
 * A key caller's bounds, read from its record as it stands now (not as the key check may remember
 * it): a key revoked since, on any instance, gives and changes nothing more (401). None for a
 * person, bounded by the account's limits only.
 */
export async function callerBounds(caller: ManagementCaller, keys: KeyStore, limits: AccountLimits, now: Date): Promise<CallerBounds | undefined> {
  if (caller.kind === 'person') return undefined;
  const own = await keys.getKey(caller.keyId);
  if (!own) throw new DomainError('unauthorized', UNKNOWN_KEY);
  const refusal = whyKeyRefused(own, now);
  if (refusal !== undefined) throw new DomainError('unauthorized', refusal);
  return { endsAt: endOf(own), rateLimit: own.rateLimit ?? limits.maxRateLimit };
}

/**
 * Refuses a key that would outlive or outrun the key caller that gives it or keeps it: an expiry
 * later than the caller's end (or none while the caller has one), a limit above the caller's (a
 * key without a limit of its own takes the account's, or none).
 */
export function requireWithinCaller(bounds: CallerBounds | undefined, key: KeyReach, limits: AccountLimits): void {
  if (bounds === undefined) return;
  const { endsAt, rateLimit } = bounds;
  if (endsAt !== null && (key.endsAt === null || key.endsAt.getTime() > endsAt.getTime())) {
    const life = key.endsAt === null ? 'never expire' : `work until ${key.endsAt.toISOString()}`;
    throw new DomainError(
      'forbidden',
      `a key cannot give (or keep for) a key a longer life than its own: this API key works until ${endsAt.toISOString()}, and the key ` +
        `would ${life}; the latest expiry it may give is ${endsAt.toISOString()} (a person or a longer-lived key may give more)`,
    );
  }
  const pace = key.rateLimit ?? limits.maxRateLimit;
  if (rateLimit !== null && (pace === null || pace > rateLimit)) {
    const taken = key.rateLimit === null ? ", the account's, as it has no rateLimit of its own" : '';
    throw new DomainError(
      'forbidden',
      `a key cannot give (or keep for) a key a higher rate limit than its own: this API key allows ${rateLimit} operations per ` +
        `window, and the key would allow ${pace ?? 'any number'}${taken}; give a rateLimit of at most ${rateLimit}`,
    );
  }
}

/** A key changing itself may only rename itself: anything else would let it widen what it holds. */
export function requireNotSelfWidening(caller: ManagementCaller, target: ApiKeyRecord, changing: readonly string[]): void {
  if (caller.kind !== 'key' || caller.keyId !== target.id) return;
  const widening = changing.filter((field) => field !== 'name');
  if (widening.length > 0) {
    throw new DomainError(
      'forbidden',
      `an API key may change only its own name, not its ${widening.join(', ')}: ask a person or another key of the account`,
    );
  }
}

function missing(scope: Scope, what: string): DomainError {
  return new DomainError('forbidden', `this API key lacks the ${scope} scope that it needs to ${what}`);
}
