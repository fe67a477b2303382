import type { Pet as DomainPet, PET_STATUSES } from '@petstore/domain';
import type { Int64Wire } from './int64-wire.js';

/** A pet's status, one of the contract's values. */
export type PetStatus = (typeof PET_STATUSES)[number];

/**
 * A pet as tRPC sends it: categoryId in its wire form (int64-wire.ts). Written without zod's types
 * (the status from the domain's list, not its schema) so the client's bundled declarations need no zod.
 * Named `Pet`, as clients import it and as their editors show it.
 */
export interface Pet {
  id: number;
  name: string;
  categoryId: Int64Wire;
  status?: PetStatus | undefined;
}

/**
 * What `pets.create` takes, written out rather than derived from the domain's NewPet, whose
 * categoryId type admits values that JSON cannot carry and would show them in editor messages.
 */
export interface NewPet {
  name: string;
  /** A number while it is a safe integer, decimal text beyond (exact, however large). */
  categoryId: Int64Wire;
  status?: PetStatus | undefined;
}

/**
 * The service's pet in wire form. The service gives exactly the contract's fields, so only a
 * bigint categoryId is rewritten; re-parsing what the domain just produced (an output schema)
 * cost more than the rest of a list's call.
 */
export function wirePet(pet: DomainPet): Pet {
  return typeof pet.categoryId === 'bigint' ? { ...pet, categoryId: pet.categoryId.toString() } : (pet as Pet);
}

export function wirePets(pets: readonly DomainPet[]): Pet[] {
  return pets.some((pet) => typeof pet.categoryId === 'bigint') ? pets.map(wirePet) : (pets as Pet[]);
}
