import { DomainError } from '../errors/domain-error.js';

/** What a key may do with the catalogue: read it, add to it (the pet doors' operations). */
export const PET_SCOPES = ['pets:read', 'pets:write'] as const;

/**
 * What a key may do with its own account's keys at the management API: read them (`keys:read`),
 * or read and change them (`keys:manage`, which always comes with `keys:read`). Separate from the
 * pet scopes: a pet key gets 403 at the management API, a management key 403 at the pet doors.
 */
export const MANAGEMENT_SCOPES = ['keys:read', 'keys:manage'] as const;

/** Every scope, in the order listings show them. A key holds one or more. */
export const SCOPES = [...PET_SCOPES, ...MANAGEMENT_SCOPES] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(text: string): text is Scope {
  return (SCOPES as readonly string[]).includes(text);
}

/** The scopes a key given `scopes` holds: `keys:manage` brings `keys:read` with it. In SCOPES' order. */
export function withImpliedScopes(scopes: readonly Scope[]): Scope[] {
  const held = new Set(scopes);
  if (held.has('keys:manage')) held.add('keys:read');
  return SCOPES.filter((scope) => held.has(scope));
}

/** An operation as a door names it (`createPet`, `addPet`, `pets.create`), with the scope it needs; null for none. */
export interface ScopedOperation {
  name: string;
  scope: Scope | null;
}

/**
 * Refuses (`forbidden`) a caller whose key lacks the scope of any of the operations a request
 * makes (every call of a batch), naming each scope missing and the operations that need it.
 * Framework-free: the request envelope calls it once it knows the operations, before any of them
 * runs. A key that holds them all costs one pass and no allocation.
 */
export function requireScopes(principal: { scopes: readonly Scope[] }, operations: readonly ScopedOperation[]): void {
  let allowed = true;
  for (const { scope } of operations) if (scope !== null && !principal.scopes.includes(scope)) allowed = false;
  if (allowed) return;
  const missing = new Map<Scope, Set<string>>();
  for (const { name, scope } of operations) {
    if (scope === null || principal.scopes.includes(scope)) continue;
    missing.set(scope, (missing.get(scope) ?? new Set()).add(name));
  }
  const lacks = [...missing].map(([scope, names]) => `the ${scope} scope that ${[...names].join(' and ')} ${names.size > 1 ? 'need' : 'needs'}`);
  throw new DomainError('forbidden', `this API key lacks ${lacks.join(' and ')} (it has: ${principal.scopes.join(', ') || 'none'})`);
}
