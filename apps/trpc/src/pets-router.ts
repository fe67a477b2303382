import type { ListQueryInput } from '@petstore/domain';
import { idOf } from './id-of.js';
import { newPetFromWire, type Int64Wire } from './int64-wire.js';
import { serviceCheckedInput } from './service-checked-input.js';
import { procedure, router } from './trpc.js';
import { wirePet, wirePets, type NewPet, type Pet } from './wire-pet.js';

/**
 * The pet procedures as a plain record, before `router()` binds them to the server's context:
 * its declared type names only inputs, outputs and the error shape (and keeps each procedure's
 * JSDoc), so the client's router type is written from it without any server type. The scope each
 * needs is the catalogue's, enforced through the routing table (procedures.ts); its JSDoc says it
 * for the client's users (a call without it is refused `FORBIDDEN`: 403, `data.domainCode:
 * "forbidden"`, and so is its whole batch), with `@deprecated` and `@beta` or `@experimental` as
 * the catalogue has them (checked by jsdoc-catalogue.test.ts).
 */
export const petsProcedures = {
  /** Pets in id order, optionally by status; a bare array, like `GET /v1/pets`. Needs the `pets:read` scope. */
  list: procedure
    .input(serviceCheckedInput<ListQueryInput | undefined>())
    .query(async ({ ctx, input }): Promise<Pet[]> => wirePets((await ctx.pets.list(input)).pets)),

  /** Like `list`, with the opaque cursor to pass as `after` for the next page (null on the last). Needs the `pets:read` scope. */
  page: procedure
    .input(serviceCheckedInput<ListQueryInput | undefined>())
    .query(async ({ ctx, input }): Promise<{ pets: Pet[]; nextCursor: string | null }> => {
      const page = await ctx.pets.list(input);
      return { pets: wirePets(page.pets), nextCursor: page.nextCursor ?? null };
    }),

  /** Adds a pet; the service assigns its id. Needs the `pets:write` scope. */
  create: procedure
    .input(serviceCheckedInput<NewPet>())
    .mutation(async ({ ctx: { pets, exchange }, input }) =>
      wirePet(await pets.create(newPetFromWire(input), { idempotencyKey: exchange.idempotencyKey, accountId: exchange.principal?.accountId })),
    ),

  /**
   * One pet by id. Needs the `pets:read` scope.
   * @deprecated Removed on 2030-12-05 (answers `gone` from then on); use `pets.list` with `status`.
   */
  get: procedure.input(serviceCheckedInput<{ id: Int64Wire }>()).query(async ({ ctx, input }) => wirePet(await ctx.pets.get(idOf(input), 'id'))),
};

export const petsRouter = router(petsProcedures);
