import { Long, type Collection } from 'mongodb';
import { listPets, nextPetId, type PetRow } from './d0-client.js';
import type { NewShelfPet, Shelf, ShelfPet } from './pet-shelf.js';

/** L0's pets on MongoDB: D0's list (the store's query) and D0 insert's write, behind L0's routes and envelope. */
export class MongoShelf implements Shelf {
  private constructor(
    private readonly pets: Collection<PetRow>,
    private nextId: number,
  ) {}

  static async open(pets: Collection<PetRow>): Promise<MongoShelf> {
    return new MongoShelf(pets, await nextPetId(pets));
  }

  list(): Promise<ShelfPet[]> {
    return listPets(this.pets) as Promise<ShelfPet[]>;
  }

  async add(pet: NewShelfPet): Promise<ShelfPet> {
    const id = this.nextId++;
    const { name, categoryId, status } = pet;
    await this.pets.insertOne({ _id: Long.fromNumber(id), name, categoryId: Long.fromNumber(categoryId), ...(status !== undefined && { status }) });
    return { id, ...pet };
  }
}
