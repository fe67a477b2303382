import type { AuditActor } from '../audit/audit-trail.js';
import type { ApiKeyRecord } from '../auth/ports.js';
import { SCOPES, withImpliedScopes, type Scope } from '../auth/scopes.js';
import { DomainError } from '../errors/domain-error.js';
import { verifyEmailFirst } from '../people/people-kit.js';
import type { AccountLimits, ManagementCaller, ManagementContext } from './ports.js';

/**
 * What a caller may do at the management API, judged here whatever door admitted it: a person
 * holds every scope; a key only its own (keys:manage bringing keys:read). No key is created or
 * changed to hold more than its creator, nor a rate limit above the account's.
 */

/** The scopes a caller holds. */
export function heldScopes(caller: ManagementCaller): readonly Scope[] {
  return caller.kind === 'person' ? SCOPES : withImpliedScopes(caller.scopes);
}

/** How the audit trail and a key's createdBy name the caller. */
export function actorOf(caller: ManagementCaller, context: ManagementContext): AuditActor {
  const actor = caller.kind === 'person' ? `person:${caller.personId}` : `key:${caller.keyId}`;
  return { actor, clientAddress: context.clientAddress };
}

export function requireRead(caller: ManagementCaller): void {
  if (!heldScopes(caller).includes('keys:read')) throw missing('keys:read', 'read the keys of its account');
}

/** Changes need keys:manage of a key; of a person, a verified address (for `revoke`, not even that: it only takes power away). */
export function requireManage(caller: ManagementCaller, change: 'grant' | 'revoke'): void {
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
