import type { Pet, PetStatus, PetStore } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import type { MakeStores } from './store-fixture.js';
import { useFreshStores } from './store-fixture.js';

const PAGE_SIZE = 4;

/**
 * Pages through the store with afterId, running `duringEachPage` concurrently with every page
 * read, and returns the ids seen in walk order.
 */
async function walk(pets: PetStore, status: PetStatus | undefined, duringEachPage: () => Promise<void>): Promise<number[]> {
  const seen: number[] = [];
  let afterId: number | undefined;
  for (;;) {
    const [page] = await Promise.all([pets.list({ limit: PAGE_SIZE, status, afterId }), duringEachPage()]);
    seen.push(...page.map((each) => each.id));
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || !last) return seen;
    afterId = last.id;
  }
}

export function definePagingSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} paging by afterId`, () => {
    const stores = useFreshStores(makeStores);

    const newPet = async (status?: PetStatus): Promise<Pet> => {
      const { pets, ids } = stores();
      const created: Pet = { id: await ids.next(), name: 'walker', categoryId: 3, ...(status ? { status } : {}) };
      await pets.insert(created);
      return created;
    };

    const seed = async (count: number): Promise<Pet[]> => {
      const seeded: Pet[] = [];
      for (let i = 0; i < count; i += 1) seeded.push(await newPet(i % 3 === 0 ? 'pending' : undefined));
      return seeded;
    };

    it('returns every pet exactly once, in id order, while other pets are inserted during the walk', async () => {
      const before = await seed(23);
      const seen = await walk(stores().pets, undefined, async () => void (await newPet()));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen).toEqual(expect.arrayContaining(before.map((each) => each.id)));
    });

    it('returns every pet of one status exactly once while pets of that status are inserted', async () => {
      const before = (await seed(23)).filter((each) => each.status === 'pending');
      const seen = await walk(stores().pets, 'pending', async () => void (await newPet('pending')));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen).toEqual(expect.arrayContaining(before.map((each) => each.id)));
      const statuses = await Promise.all(seen.map(async (id) => (await stores().pets.get(id))?.status));
      expect(new Set(statuses)).toEqual(new Set(['pending']));
    });
  });
}
