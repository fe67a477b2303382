import type { Pet, PetListFilter, PetStore } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { petsCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { insertUnique } from './insert-unique.js';
import { toLong } from './int64.js';
import { fromPetDocument, toPetDocument, type PetDocument } from './pet-document.js';
import { buildPetFilter } from './pet-filter.js';

export class MongoPetStore implements PetStore {
  private readonly pets: Collection<PetDocument>;

  constructor(db: Db) {
    this.pets = petsCollection(db);
  }

  insert(pet: Pet): Promise<void> {
    return insertUnique(this.pets, toPetDocument(pet), `pet ${pet.id} already exists`);
  }

  async list(filter: PetListFilter): Promise<Pet[]> {
    if (!Number.isSafeInteger(filter.limit) || filter.limit < 1) throw new RangeError('limit must be a positive integer');
    return withDriverErrors(async () => {
      const documents = await this.pets.find(buildPetFilter(filter)).sort({ _id: 1 }).limit(filter.limit).toArray();
      return documents.map(fromPetDocument);
    });
  }

  get(id: number): Promise<Pet | null> {
    return withDriverErrors(async () => {
      const document = await this.pets.findOne({ _id: toLong(id) });
      return document && fromPetDocument(document);
    });
  }
}
