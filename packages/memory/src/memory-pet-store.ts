import { DomainError, type IdSource, type Pet, type PetListFilter, type PetStatus, type PetStore } from '@petstore/domain';
import { SortedIds } from './sorted-ids.js';

/**
 * The embedded store: everything in this process, lost on exit. One id index for all pets and
 * one per status keep every list O(log n + limit), filtered or not.
 */
export class MemoryPetStore implements PetStore, IdSource {
  private readonly pets = new Map<number, Pet>();
  private readonly all = new SortedIds();
  private readonly byStatus = new Map<PetStatus, SortedIds>();
  private lastId = 0;

  async next(): Promise<number> {
    this.lastId += 1;
    return this.lastId;
  }

  async insert(pet: Pet): Promise<void> {
    if (this.pets.has(pet.id)) throw new DomainError('conflict', `pet ${pet.id} already exists`);
    const stored = { ...pet };
    this.pets.set(pet.id, stored);
    this.all.add(pet.id);
    if (pet.status) this.statusIndex(pet.status).add(pet.id);
  }

  async list(filter: PetListFilter): Promise<Pet[]> {
    const index = filter.status ? this.statusIndex(filter.status) : this.all;
    return index.page(filter.afterId, filter.limit).map((id) => ({ ...(this.pets.get(id) as Pet) }));
  }

  async get(id: number): Promise<Pet | null> {
    const pet = this.pets.get(id);
    return pet ? { ...pet } : null;
  }

  private statusIndex(status: PetStatus): SortedIds {
    let index = this.byStatus.get(status);
    if (!index) {
      index = new SortedIds();
      this.byStatus.set(status, index);
    }
    return index;
  }
}
