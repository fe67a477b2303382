import { DomainError } from '../errors/domain-error.js';

/** What a key may do: read the catalogue, add to it. A key holds one or both. */
export const SCOPES = ['pets:read', 'pets:write'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(text: string): text is Scope {
  return (SCOPES as readonly string[]).includes(text);
}

/**
 * Refuses (`forbidden`) a caller whose key lacks any of the scopes an operation (or every
 * operation of a batch) needs. Framework-free: the request envelope calls it once it knows the
 * operations, before any of them runs.
 */
export function requireScopes(principal: { scopes: readonly Scope[] }, needed: Iterable<Scope>): void {
  const missing = [...new Set(needed)].filter((scope) => !principal.scopes.includes(scope));
  if (missing.length === 0) return;
  throw new DomainError(
    'forbidden',
    `this API key lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that this request needs (it has: ${principal.scopes.join(', ') || 'none'})`,
  );
}
