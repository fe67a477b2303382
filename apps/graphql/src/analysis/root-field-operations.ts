import { doorTable, type Operation, type OperationOn } from '@petstore/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers-types.js';

/**
 * The GraphQL door's table: each root field, by its schema coordinate (`Query.pets`), and the
 * catalogue operation it serves, whose scope and cost the envelope applies and whose deprecation
 * the reports carry. Typed against the resolver types generated from the SDL, so that a root field
 * added to the schema does not compile until it is mapped here (and a field removed must leave);
 * every operation of the pets surface is mapped or left out with a reason. The published SDL's
 * root-field scope notes and @deprecated are made from the catalogue through it (published-sdl.ts).
 */
export const ROOT_FIELDS = doorTable(
  'pets',
  {
    'Query.pets': 'listPets',
    'Query.petsPage': 'listPets',
    'Query.pet': 'getPet',
    'Mutation.addPet': 'createPet',
  } satisfies { [Field in keyof QueryResolvers as `Query.${Field}`]: OperationOn<'pets'> } & {
    [Field in keyof MutationResolvers as `Mutation.${Field}`]: OperationOn<'pets'>;
  },
  {},
);

/**
 * The catalogue operation a root field of a root type serves; null for one the catalogue does not
 * hold: the introspection fields (`__typename`, `__schema`, `__type`, which reveal no pet and need
 * no scope), and a field the type does not have (validation refuses it before anything runs). The
 * service has no subscriptions.
 */
export function rootFieldOperation(rootType: string, field: string): Operation | null {
  return ROOT_FIELDS.operationOf(`${rootType}.${field}`) ?? null;
}
