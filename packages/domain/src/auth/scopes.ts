import { DomainError } from '../errors/domain-error.js';

/** What a key may do: read the catalogue, add to it. A key holds one or both. */
export const SCOPES = ['pets:read', 'pets:write'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(text: string): text is Scope {
  return (SCOPES as readonly string[]).includes(text);
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
