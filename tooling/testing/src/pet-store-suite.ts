import { INT64_MAX, INT64_MIN, MAX_PET_ID, type Pet, type PetStore } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import type { MakeStores } from './store-fixture.js';
import { useFreshStores } from './store-fixture.js';

const pet = (id: number, overrides: Partial<Pet> = {}): Pet => ({ id, name: `pet ${id}`, categoryId: 7, ...overrides });

async function insertAll(pets: PetStore, list: Pet[]): Promise<void> {
  for (const each of list) await pets.insert(each);
}

export function definePetStoreSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} pet store`, () => {
    const stores = useFreshStores(makeStores);

    it('returns an inserted pet unchanged, ids exact up to the largest safe integer', async () => {
      const { pets } = stores();
      const big = pet(MAX_PET_ID, { name: 'Rex', categoryId: MAX_PET_ID, status: 'sold' });
      const small = pet(1, { categoryId: 1, status: 'available' });
      await insertAll(pets, [big, small]);
      expect(await pets.get(MAX_PET_ID)).toStrictEqual(big);
      expect(await pets.get(1)).toStrictEqual(small);
    });

    it('keeps every categoryId of int64 exactly, in the form the domain gives it', async () => {
      const { pets } = stores();
      const categoryIds = [INT64_MIN, INT64_MIN + 1n, -(2n ** 53n), -(2 ** 53 - 1), -1, 0, 2 ** 53 - 1, 2n ** 53n, INT64_MAX - 1n, INT64_MAX];
      const inserted = categoryIds.map((categoryId, i) => pet(i + 1, { categoryId }));
      await insertAll(pets, inserted);
      for (const each of inserted) expect(await pets.get(each.id)).toStrictEqual(each);
      expect(await pets.list({ limit: 100 })).toStrictEqual(inserted);
    });

    it('answers null for an id that was never inserted', async () => {
      const { pets } = stores();
      await pets.insert(pet(1));
      expect(await pets.get(2)).toBeNull();
    });

    it('keeps a pet without status free of any status property', async () => {
      const { pets } = stores();
      await pets.insert(pet(1));
      const got = await pets.get(1);
      const [listed] = await pets.list({ limit: 10 });
      expect(got && Object.keys(got)).not.toContain('status');
      expect(listed && Object.keys(listed)).not.toContain('status');
      expect(got).toStrictEqual(pet(1));
    });

    it('refuses a second pet with an id already stored, as a conflict', async () => {
      const { pets } = stores();
      await pets.insert(pet(1));
      await expect(pets.insert(pet(1, { name: 'other' }))).rejects.toMatchObject({ code: 'conflict' });
      expect(await pets.get(1)).toStrictEqual(pet(1));
    });

    it('does not let a caller change a stored pet through a returned one', async () => {
      const { pets } = stores();
      await pets.insert(pet(1));
      const got = await pets.get(1);
      if (got) got.name = 'changed';
      expect(await pets.get(1)).toStrictEqual(pet(1));
    });

    it('lists pets by ascending id whatever order they were inserted in', async () => {
      const { pets } = stores();
      await insertAll(pets, [pet(30), pet(4), pet(1_000_000_000_000), pet(17)]);
      const ids = (await pets.list({ limit: 100 })).map((each) => each.id);
      expect(ids).toEqual([4, 17, 30, 1_000_000_000_000]);
    });

    it('returns at most `limit` pets, the lowest ids first', async () => {
      const { pets } = stores();
      await insertAll(
        pets,
        [5, 1, 4, 2, 3].map((id) => pet(id)),
      );
      expect((await pets.list({ limit: 2 })).map((each) => each.id)).toEqual([1, 2]);
      expect(await pets.list({ limit: 100 })).toHaveLength(5);
    });

    it('lists only pets with the requested status, still in id order', async () => {
      const { pets } = stores();
      await insertAll(pets, [
        pet(1, { status: 'available' }),
        pet(2, { status: 'sold' }),
        pet(3),
        pet(4, { status: 'available' }),
        pet(5, { status: 'pending' }),
      ]);
      expect((await pets.list({ limit: 10, status: 'available' })).map((each) => each.id)).toEqual([1, 4]);
      expect(await pets.list({ limit: 10, status: 'sold' })).toStrictEqual([pet(2, { status: 'sold' })]);
      expect((await pets.list({ limit: 1, status: 'available' })).map((each) => each.id)).toEqual([1]);
    });

    it('lists only pets with an id greater than afterId', async () => {
      const { pets } = stores();
      await insertAll(
        pets,
        [1, 2, 3, 10, 11].map((id) => pet(id, { status: id % 2 === 0 ? 'sold' : 'available' })),
      );
      expect((await pets.list({ limit: 10, afterId: 2 })).map((each) => each.id)).toEqual([3, 10, 11]);
      expect((await pets.list({ limit: 10, afterId: 5, status: 'available' })).map((each) => each.id)).toEqual([11]);
      expect(await pets.list({ limit: 10, afterId: 11 })).toEqual([]);
    });
  });
}
