import { makeExecutableSchema } from '@graphql-tools/schema';
import type { PetService } from '@petstore/domain';
import type { GraphQLSchema } from 'graphql';
import { withinOperationSpans } from '../operation-spans.js';
import { createResolvers } from '../resolvers.js';
import { loadSchemaSdl } from '../schema.js';

/** The SDL with its resolvers attached, as Apollo builds a schema from `typeDefs` and `resolvers` (with the same function). */
export function executableSchema(pets: PetService): { schema: GraphQLSchema; sdl: string } {
  const sdl = loadSchemaSdl();
  return { schema: makeExecutableSchema({ typeDefs: sdl, resolvers: withinOperationSpans(createResolvers(pets)) }), sdl };
}
