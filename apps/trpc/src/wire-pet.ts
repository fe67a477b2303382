import type { Pet, PET_STATUSES } from '@petstore/domain';
import type { Int64Wire } from './int64-wire.js';

/**
 * A pet as tRPC sends it: categoryId in its wire form (int64-wire.ts). Written without zod's types
 * (the status from the domain's list, not its schema) so the client's bundled declarations need no zod.
 */
export interface WirePet {
  id: number;
  name: string;
  categoryId: Int64Wire;
  status?: (typeof PET_STATUSES)[number] | undefined;
}

/**
 * The service's pet in wire form. The service gives exactly the contract's fields, so only a
 * bigint categoryId is rewritten; re-parsing what the domain just produced (an output schema)
 * cost more than the rest of a list's call.
 */
export function wirePet(pet: Pet): WirePet {
  return typeof pet.categoryId === 'bigint' ? { ...pet, categoryId: pet.categoryId.toString() } : (pet as WirePet);
}

export function wirePets(pets: readonly Pet[]): WirePet[] {
  return pets.some((pet) => typeof pet.categoryId === 'bigint') ? pets.map(wirePet) : (pets as WirePet[]);
}
