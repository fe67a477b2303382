import type { ListQueryInput } from '@petstore/domain';
import { idOf } from './id-of.js';
import { newPetFromWire, type Int64Wire } from './int64-wire.js';
import { serviceCheckedInput } from './service-checked-input.js';
import { procedure } from './trpc.js';
import { wirePet, wirePets, type NewPet, type Pet } from './wire-pet.js';

/**
 * What each pet procedure does, in its own words: the client's JSDoc (src/pets-procedures.ts)
 * is written from it and the catalogue (the scope, `@deprecated`, `@beta` or `@experimental`).
 */
export const PROCEDURE_TEXT: { readonly [Name in keyof typeof petsProcedureBodies]: string } = {
  list: 'Pets in id order, optionally by status; a bare array, like `GET /v1/pets`.',
  page: 'Like `list`, with the opaque cursor to pass as `after` for the next page (null on the last).',
  create: 'Adds a pet; the service assigns its id.',
  get: 'One pet by id.',
};

/** What each pet procedure runs; src/pets-procedures.ts gives them their names and JSDoc. */
export const petsProcedureBodies = {
  list: procedure
    .input(serviceCheckedInput<ListQueryInput | undefined>())
    .query(async ({ ctx, input }): Promise<Pet[]> => wirePets((await ctx.pets.list(input)).pets)),

  page: procedure
    .input(serviceCheckedInput<ListQueryInput | undefined>())
    .query(async ({ ctx, input }): Promise<{ pets: Pet[]; nextCursor: string | null }> => {
      const page = await ctx.pets.list(input);
      return { pets: wirePets(page.pets), nextCursor: page.nextCursor ?? null };
    }),

  create: procedure
    .input(serviceCheckedInput<NewPet>())
    .mutation(async ({ ctx: { pets, exchange }, input }) =>
      wirePet(await pets.create(newPetFromWire(input), { idempotencyKey: exchange.idempotencyKey, accountId: exchange.principal?.accountId })),
    ),

  get: procedure.input(serviceCheckedInput<{ id: Int64Wire }>()).query(async ({ ctx, input }) => wirePet(await ctx.pets.get(idOf(input), 'id'))),
};
