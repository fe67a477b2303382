import type { Scope } from '@petstore/domain';
import type { OperationTypeNode } from 'graphql';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers-types.js';

/**
 * The scope a key needs for each root field of the schema, by root type: the GraphQL door's one
 * table of scopes. Typed against the resolver types generated from the SDL, so that a root field
 * added to the schema does not compile until it is given a scope here (and a field removed must
 * leave); the SDL's descriptions say the same, checked by root-field-scopes.test.ts.
 */
const ROOT_FIELD_SCOPES = {
  query: { pets: 'pets:read', petsPage: 'pets:read', pet: 'pets:read' },
  mutation: { addPet: 'pets:write' },
} as const satisfies { query: Record<keyof QueryResolvers, Scope>; mutation: Record<keyof MutationResolvers, Scope> };

const BY_TYPE: ReadonlyMap<string, ReadonlyMap<string, Scope>> = new Map(
  Object.entries(ROOT_FIELD_SCOPES).map(([type, fields]) => [type, new Map(Object.entries(fields))]),
);

/**
 * The scope a root field needs; null for one that needs none: the introspection fields
 * (`__typename`, `__schema`, `__type`, which reveal no pet), and a field the schema does not have
 * on that type (validation refuses it before anything runs). The service has no subscriptions.
 */
export function rootFieldScope(type: OperationTypeNode, field: string): Scope | null {
  return BY_TYPE.get(type)?.get(field) ?? null;
}
