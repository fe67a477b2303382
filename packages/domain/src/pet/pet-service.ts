import { DomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { Clock } from '../clock/clock.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { isGetPetRemoved } from './deprecation.js';
import { Int64Id, ListQuery, NewPet, type Pet } from './pet.schema.js';
import type { IdSource, PetStore } from './ports.js';

export interface PetPage {
  pets: Pet[];
  /** Present when more pets follow this page. */
  nextCursor: string | undefined;
}

export interface PetServiceDeps {
  pets: PetStore;
  ids: IdSource;
  clock: Clock;
}

/** The three operations of the contract, whatever door they arrive through. */
export class PetService {
  constructor(private readonly deps: PetServiceDeps) {}

  async list(input: unknown): Promise<PetPage> {
    const query = parseOrThrow(ListQuery, input ?? {}, 'query');
    const afterId = query.after === undefined ? undefined : decodeCursor(query.after);
    // One extra row tells whether another page follows without a second query.
    const rows = await this.deps.pets.list({ limit: query.limit + 1, status: query.status, afterId });
    const pets = rows.slice(0, query.limit);
    const last = pets.at(-1);
    const nextCursor = rows.length > query.limit && last ? encodeCursor(last.id) : undefined;
    return { pets, nextCursor };
  }

  async create(input: unknown): Promise<Pet> {
    const newPet = parseOrThrow(NewPet, input, 'body');
    const pet: Pet = { id: await this.deps.ids.next(), ...newPet };
    await this.deps.pets.insert(pet);
    return pet;
  }

  /** Deprecated by the contract: answers `gone` from the sunset instant on. */
  async get(id: unknown, field = 'id'): Promise<Pet> {
    if (isGetPetRemoved(this.deps.clock.now())) {
      throw new DomainError('gone', 'getting one pet by id was removed on 2030-12-05; list pets with a status filter instead');
    }
    const petId = parseOrThrow(Int64Id, id, field);
    const pet = await this.deps.pets.get(petId);
    if (!pet) throw new DomainError('not_found', `pet ${petId} does not exist`);
    return pet;
  }
}
