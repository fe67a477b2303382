import { benchPet, LIST_SIZE } from './pets.js';

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export interface NewShelfPet {
  name: string;
  categoryId: number;
  status?: (typeof PET_STATUSES)[number];
}

export interface ShelfPet extends NewShelfPet {
  id: number;
}

/** Where L0 keeps its pets: a PetShelf in memory, or a MongoShelf (mongo-shelf.ts) on MongoDB. */
export interface Shelf {
  list(): ShelfPet[] | Promise<ShelfPet[]>;
  add(pet: NewShelfPet): ShelfPet | Promise<ShelfPet>;
}

/**
 * The pets of the references (L0 and the peer stack), in memory and in id order: the same 20 the
 * gateway holds when a run starts, and every pet a create adds after them.
 */
export class PetShelf implements Shelf {
  private readonly pets: ShelfPet[] = Array.from({ length: LIST_SIZE }, (_, i) => ({ id: i + 1, ...benchPet(i + 1) }));

  /** The first `limit` pets, of one status when given. */
  list(limit: number = LIST_SIZE, status?: string): ShelfPet[] {
    if (status === undefined) return this.pets.slice(0, limit);
    const found: ShelfPet[] = [];
    for (const pet of this.pets) {
      if (found.length === limit) break;
      if (pet.status === status) found.push(pet);
    }
    return found;
  }

  add(pet: NewShelfPet): ShelfPet {
    const stored = { id: this.pets.length + 1, ...pet };
    this.pets.push(stored);
    return stored;
  }
}

/** A create's body with the contract's fields and bounds, or what is wrong with it (L0, which has no schema library). */
export function newPetFrom(body: unknown): NewShelfPet | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const { name, categoryId, status, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return `${unknown}: unknown field`;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) return 'name: must be 1 to 200 characters, not blank';
  if (!Number.isSafeInteger(categoryId)) return 'categoryId: must be an integer';
  if (status !== undefined && !PET_STATUSES.includes(status as NewShelfPet['status'] & string)) return 'status: must be available, pending or sold';
  return { name, categoryId: categoryId as number, ...(status !== undefined && { status: status as NewShelfPet['status'] & string }) };
}
