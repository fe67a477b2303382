import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock/clock.js';
import type { IdempotencyRecord, IdempotencyStore } from '../idempotency/ports.js';
import { DomainError } from '../errors/domain-error.js';
import { PetService } from './pet-service.js';
import type { Pet } from './pet.schema.js';
import type { IdSource, PetListFilter, PetStore } from './ports.js';

class Stores implements PetStore, IdSource, IdempotencyStore {
  pets = new Map<number, Pet>();
  records = new Map<string, IdempotencyRecord>();
  last = 0;
  failNextInsert = false;
  async next() {
    return ++this.last;
  }
  async insert(pet: Pet) {
    if (this.failNextInsert) {
      this.failNextInsert = false;
      throw new DomainError('service_unavailable', 'down');
    }
    if (this.pets.has(pet.id)) throw new DomainError('conflict', 'exists');
    this.pets.set(pet.id, pet);
  }
  async list(_: PetListFilter) {
    return [...this.pets.values()];
  }
  async get(id: number) {
    return this.pets.get(id) ?? null;
  }
  async claim(record: IdempotencyRecord) {
    const id = `${record.accountId}:${record.key}`;
    const earlier = this.records.get(id);
    if (earlier) return earlier;
    this.records.set(id, record);
    return null;
  }
}

const make = () => {
  const stores = new Stores();
  const service = new PetService({ pets: stores, ids: stores, idempotency: stores, clock: fixedClock(new Date()) });
  return { stores, service };
};

describe('PetService idempotent create', () => {
  it('returns the same pet for a retried key and stores it once', async () => {
    const { stores, service } = make();
    const first = await service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'k-1', accountId: 'a' });
    const again = await service.create({ categoryId: 1, name: 'Rex' }, { idempotencyKey: 'k-1', accountId: 'a' });
    expect(again).toEqual(first);
    expect(stores.pets.size).toBe(1);
  });

  it('refuses the same key with a different body, and stores nothing more', async () => {
    const { stores, service } = make();
    await service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'k-1', accountId: 'a' });
    await expect(service.create({ name: 'Max', categoryId: 1 }, { idempotencyKey: 'k-1', accountId: 'a' })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Idempotency-Key'),
    });
    expect(stores.pets.size).toBe(1);
  });

  it('keeps keys of different accounts apart', async () => {
    const { stores, service } = make();
    await service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'same', accountId: 'a' });
    await service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'same', accountId: 'b' });
    expect(stores.pets.size).toBe(2);
  });

  it('writes the pet on retry when the first attempt failed after claiming the key', async () => {
    const { stores, service } = make();
    stores.failNextInsert = true;
    await expect(service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'k', accountId: 'a' })).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    const retried = await service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'k', accountId: 'a' });
    expect(stores.pets.get(retried.id)).toEqual(retried);
    expect(stores.pets.size).toBe(1);
  });

  it('gives concurrent retries one pet', async () => {
    const { stores, service } = make();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: 'k', accountId: 'a' })),
    );
    expect(new Set(results.map((pet) => pet.id)).size).toBe(1);
    expect(stores.pets.size).toBe(1);
  });

  it('answers the first attempt with its pet when a retry wrote the pet before it could', async () => {
    const { stores, service } = make();
    // The first insert (the attempt that claimed the key) waits until the retry's insert has landed.
    let retryWrote: () => void = () => {};
    const retryLanded = new Promise<void>((resolve) => (retryWrote = resolve));
    const insert = stores.insert.bind(stores);
    let inserts = 0;
    stores.insert = async (pet) => {
      inserts += 1;
      if (inserts === 1) await retryLanded;
      await insert(pet);
      if (inserts === 2) retryWrote();
    };
    const options = { idempotencyKey: 'k', accountId: 'a' };
    const [first, retry] = await Promise.all([
      service.create({ name: 'Rex', categoryId: 1 }, options),
      service.create({ name: 'Rex', categoryId: 1 }, options),
    ]);
    expect(inserts).toBe(2);
    expect(first).toEqual(retry);
    expect([...stores.pets.values()]).toEqual([first]);
  });

  it.each(['', 'has space', 'x'.repeat(256), 'naïve'])('refuses the key %j', async (key) => {
    const { service } = make();
    await expect(service.create({ name: 'Rex', categoryId: 1 }, { idempotencyKey: key, accountId: 'a' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('Idempotency-Key'),
    });
  });
});
