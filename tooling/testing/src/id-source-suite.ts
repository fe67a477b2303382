import { describe, expect, it } from 'vitest';
import type { MakeStores } from './store-fixture.js';
import { useFreshStores } from './store-fixture.js';

const CONCURRENT_CALLS = 1_000;

export function defineIdSourceSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} id source`, () => {
    const stores = useFreshStores(makeStores);

    it(`hands out ${CONCURRENT_CALLS} unique positive safe integers to concurrent callers`, async () => {
      const { ids } = stores();
      const issued = await Promise.all(Array.from({ length: CONCURRENT_CALLS }, () => ids.next()));
      expect(new Set(issued).size).toBe(CONCURRENT_CALLS);
      for (const id of issued) {
        expect(Number.isSafeInteger(id) && id > 0, `id ${id}`).toBe(true);
      }
    });
  });
}
