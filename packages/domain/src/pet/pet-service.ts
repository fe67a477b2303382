import { DomainError, isDomainError } from '../errors/domain-error.js';
import { checkIdempotencyKey, fingerprintNewPet } from '../idempotency/idempotency-key.js';
import type { IdempotencyStore } from '../idempotency/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import type { Clock } from '../clock/clock.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { CATALOGUE, isRemoved, sunsetDay } from '../operations/catalogue.js';
import { Int64Value, ListQuery, NewPet, PetId, type Pet } from './pet.schema.js';
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
  idempotency?: IdempotencyStore;
}

export interface CreateOptions {
  /** A client's Idempotency-Key: a retried create with the same key and body returns the same pet. */
  idempotencyKey?: string | undefined;
  /** The account the key belongs to; required with an idempotency key. */
  accountId?: string | undefined;
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

  async create(input: unknown, options: CreateOptions = {}): Promise<Pet> {
    const newPet = parseOrThrow(NewPet, input, 'body');
    if (options.idempotencyKey === undefined) {
      const pet: Pet = { id: await this.deps.ids.next(), ...newPet };
      await this.deps.pets.insert(pet);
      return pet;
    }
    return this.createIdempotently(newPet, checkIdempotencyKey(options.idempotencyKey), options.accountId);
  }

  /**
   * The record naming the pet's id is claimed before the pet is written, with one atomic insert.
   * A retry that finds the record writes the same pet under the same id if the first attempt
   * never got that far (a crash, a timeout), so every outcome converges on exactly one pet.
   * Whoever writes it first, the others' inserts conflict: the id is this record's alone (no
   * other request is handed it) and every request holding the record has the same fingerprint,
   * so a pet under that id is this very pet, already written, for the one that claimed the record
   * as much as for a retry (a retry that lands while the first attempt is still on its way).
   */
  private async createIdempotently(newPet: NewPet, key: string, accountId: string | undefined): Promise<Pet> {
    const store = this.deps.idempotency;
    if (!store || accountId === undefined) throw new Error('idempotent creates need an idempotency store and an account');
    const fingerprint = fingerprintNewPet(newPet);
    const claim = { accountId, key, fingerprint, petId: await this.deps.ids.next(), createdAt: this.deps.clock.now() };
    const earlier = await store.claim(claim);
    if (earlier && earlier.fingerprint !== fingerprint) {
      throw new DomainError('conflict', 'Idempotency-Key: was already used with a different request; use a new key for a new pet');
    }
    const pet: Pet = { id: (earlier ?? claim).petId, ...newPet };
    try {
      await this.deps.pets.insert(pet);
    } catch (error) {
      const alreadyWritten = isDomainError(error) && error.code === 'conflict';
      if (!alreadyWritten) throw error;
    }
    return pet;
  }

  /** Deprecated by the contract: answers `gone` from the sunset instant on. */
  async get(id: unknown, field = 'id'): Promise<Pet> {
    const operation = CATALOGUE.getPet;
    if (isRemoved(operation, this.deps.clock.now())) {
      const { deprecation } = operation;
      throw new DomainError('gone', `getting one pet by id was removed on ${sunsetDay(deprecation)}; ${deprecation.replacement} instead`);
    }
    const petId = parseOrThrow(Int64Value, id, field);
    // Every int64 may be asked for; one the service never assigns names no pet, like any unused id.
    const assignable = PetId.safeParse(petId);
    const pet = assignable.success ? await this.deps.pets.get(assignable.data) : null;
    if (!pet) throw new DomainError('not_found', `pet ${petId} does not exist`);
    return pet;
  }
}
