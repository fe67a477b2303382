import { Cursor, GET_PET_DEPRECATION, Pet, type ListQueryInput, type NewPet } from '@petstore/domain';
import { z } from 'zod';
import { idOf } from './id-of.js';
import { Int64WireOutput, newPetFromWire, type Int64Wire } from './int64-wire.js';
import { serviceCheckedInput } from './service-checked-input.js';
import { protectedProcedure, router } from './trpc.js';

// Outputs go through the domain's Pet schema: it drops any field a store might add, and gives
// categoryId its wire form (int64-wire.ts).
const WirePet = Pet.extend({ categoryId: Int64WireOutput });
const PetList = z.array(WirePet);
const PetPage = z.object({ pets: PetList, nextCursor: Cursor.nullable() });

const SUNSET_DAY = GET_PET_DEPRECATION.sunset.toISOString().slice(0, 10);

/**
 * The pet procedures as a plain record, before `router()` binds them to the server's context:
 * its declared type names only inputs, outputs, meta and the error shape (and keeps each
 * procedure's JSDoc), so the client's router type is written from it without any server type.
 */
export const petsProcedures = {
  /** Pets in id order, optionally by status; a bare array, like `GET /v1/pets`. */
  list: protectedProcedure
    .input(serviceCheckedInput<ListQueryInput | undefined>())
    .output(PetList)
    .query(async ({ ctx, input }) => (await ctx.pets.list(input)).pets),

  /** Like `list`, with the opaque cursor to pass as `after` for the next page (null on the last). */
  page: protectedProcedure
    .input(serviceCheckedInput<ListQueryInput | undefined>())
    .output(PetPage)
    .query(async ({ ctx, input }) => {
      const page = await ctx.pets.list(input);
      return { pets: page.pets, nextCursor: page.nextCursor ?? null };
    }),

  create: protectedProcedure
    .input(serviceCheckedInput<Omit<NewPet, 'categoryId'> & { categoryId: Int64Wire }>())
    .output(WirePet)
    .mutation(({ ctx, input }) =>
      ctx.pets.create(newPetFromWire(input), { idempotencyKey: ctx.idempotencyKey, accountId: ctx.principal.accountId }),
    ),

  /**
   * One pet by id.
   * @deprecated Removed on 2030-12-05 (answers `gone` from then on); use `pets.list` with `status`.
   */
  get: protectedProcedure
    .meta({ deprecated: true, sunset: SUNSET_DAY })
    .input(serviceCheckedInput<{ id: Int64Wire }>())
    .output(WirePet)
    .query(({ ctx, input }) => ctx.pets.get(idOf(input), 'id')),
};

export const petsRouter = router(petsProcedures);
