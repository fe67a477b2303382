import type { Pet, PetStatus } from './pet.schema.js';

export interface PetListFilter {
  limit: number;
  status?: PetStatus | undefined;
  /** Only pets with an id greater than this one. */
  afterId?: number | undefined;
}

/** Where pets live. Implementations keep pets ordered by id for listing. */
export interface PetStore {
  insert(pet: Pet): Promise<void>;
  list(filter: PetListFilter): Promise<Pet[]>;
  get(id: number): Promise<Pet | null>;
}

/**
 * Hands out ids that are unique across every instance sharing the store.
 * Ids are positive and never reused; they need not be contiguous.
 */
export interface IdSource {
  next(): Promise<number>;
}
