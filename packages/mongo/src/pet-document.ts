import type { Pet, PetStatus } from '@petstore/domain';
import type { Long } from 'mongodb';
import { fromLong, idFromLong, toLong } from './int64.js';

/** A pet as stored: the id is the document key, and a pet without status has no status field. */
export interface PetDocument {
  _id: Long;
  name: string;
  categoryId: Long;
  status?: PetStatus;
}

export function toPetDocument(pet: Pet): PetDocument {
  const document: PetDocument = { _id: toLong(pet.id), name: pet.name, categoryId: toLong(pet.categoryId) };
  if (pet.status !== undefined) document.status = pet.status;
  return document;
}

export function fromPetDocument(document: PetDocument): Pet {
  const pet: Pet = { id: idFromLong(document._id), name: document.name, categoryId: fromLong(document.categoryId) };
  if (document.status !== undefined) pet.status = document.status;
  return pet;
}

export function fromPetDocuments(documents: PetDocument[]): Pet[] {
  return documents.map(fromPetDocument);
}
