import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { PetShelf, ShelfPet } from '../pet-shelf.js';

/** The service's own SDL (apps/graphql/src/schema.graphql). */
const SCHEMA = readFileSync(fileURLToPath(import.meta.resolve('@petstore/graphql/schema.graphql')), 'utf8');

interface ListArgs {
  limit?: number;
  status?: string | null;
}

/**
 * The service's schema on mercurius with graphql-jit (`jit: 1`: a query is compiled once it has
 * run once), answering the lists from the shelf; the key was checked by the envelope's hook.
 */
export async function graphqlPeer(app: FastifyInstance, shelf: PetShelf): Promise<void> {
  const page = ({ limit = 20, status }: ListArgs) => {
    const found = shelf.list(limit + 1, status?.toLowerCase());
    const pets = found.slice(0, limit);
    return { pets, nextCursor: found.length > limit ? String(pets.at(-1)?.id) : null };
  };
  await app.register(mercurius, {
    schema: SCHEMA,
    resolvers: {
      Query: {
        pets: (_root: unknown, args: ListArgs) => page(args).pets,
        petsPage: (_root: unknown, args: ListArgs) => page(args),
      },
      // The schema's enum values are the statuses in capitals.
      Pet: { status: (pet: ShelfPet) => pet.status?.toUpperCase() },
    },
    jit: 1,
    path: '/graphql',
  });
}
