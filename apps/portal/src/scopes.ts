import type { Schemas } from './api.js';

type Scope = Schemas['Key']['scopes'][number];

/**
 * The scopes a key may be given, as the forms offer them, with what each lets a key do and which
 * API it opens (a pet key's or a management key's). A signed-in person holds every scope, so may
 * grant any; scopes.test.ts keeps this list equal to the service's (packages/domain's SCOPES).
 */
export const GRANTABLE_SCOPES = [
  { scope: 'pets:read', api: 'pets', says: 'list and read pets (REST GET, GraphQL queries, tRPC pets.list / pets.get)' },
  { scope: 'pets:write', api: 'pets', says: 'add pets' },
  { scope: 'keys:read', api: 'manage', says: "read this account's keys, usage and audit trail at the management API" },
  { scope: 'keys:manage', api: 'manage', says: "create, change, roll and revoke this account's keys (brings keys:read)" },
] as const satisfies ReadonlyArray<{ scope: Scope; api: 'pets' | 'manage'; says: string }>;

/** The scopes ticked in a form, as the API's scope names (in the API's order). */
export function scopesTicked(data: FormData): Scope[] {
  const ticked = data.getAll('scopes');
  return GRANTABLE_SCOPES.map(({ scope }) => scope).filter((scope) => ticked.includes(scope));
}
