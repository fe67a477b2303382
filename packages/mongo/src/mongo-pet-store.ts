import type { Pet, PetListFilter, PetStore } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { petsCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { insertUnique } from './insert-unique.js';
import { toLong } from './int64.js';
import { fromPetDocument, fromPetDocuments, toPetDocument, type PetDocument } from './pet-document.js';
import { buildPetFilter } from './pet-filter.js';

export class MongoPetStore implements PetStore {
  private readonly pets: Collection<PetDocument>;

  constructor(db: Db) {
    this.pets = petsCollection(db);
  }

  insert(pet: Pet): Promise<void> {
    return insertUnique(this.pets, toPetDocument(pet), `pet ${pet.id} already exists`);
  }

  list(filter: PetListFilter): Promise<Pet[]> {
    if (!Number.isSafeInteger(filter.limit) || filter.limit < 1) return Promise.reject(new RangeError('limit must be a positive integer'));
    // Sort and limit as find's options: the cursor's builder methods each clone its options.
    const options = { sort: { _id: 1 }, limit: filter.limit } as const;
    return withDriverErrors(() => this.pets.find(buildPetFilter(filter), options).toArray()).then(fromPetDocuments);
  }

  get(id: number): Promise<Pet | null> {
    return withDriverErrors(() => this.pets.findOne({ _id: toLong(id) })).then((document) => document && fromPetDocument(document));
  }
}
