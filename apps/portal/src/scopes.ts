/**
 * The scopes a key may be given, as the create form offers them, with what each lets a key do.
 * A signed-in person holds every scope, so may grant any; scopes.test.ts keeps this list equal
 * to the service's (packages/domain's SCOPES).
 */
export const GRANTABLE_SCOPES = [
  { scope: 'pets:read', says: 'list and read pets (REST GET, GraphQL queries, tRPC pets.list / pets.get)' },
  { scope: 'pets:write', says: 'add pets' },
  { scope: 'keys:read', says: "read this account's keys, usage and audit trail at the management API" },
  { scope: 'keys:manage', says: "create, change, roll and revoke this account's keys (brings keys:read)" },
] as const;
