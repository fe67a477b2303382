import { createPetstoreRestClient, nextCursor, type Pet, type PetStatus, type PetstoreRestClient } from '@petstore/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRest, type TestRest } from './testing/start-rest.js';

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

const SEEDED = 45;
const PAGE = 7;
const WRITES_PER_PAGE = 4;

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`paging past the limit while pets are added, on the ${store.name}`, () => {
    let door: TestRest;
    let client: PetstoreRestClient;
    let seeded: Pet[];
    let writes = 0;

    const create = async (status: PetStatus): Promise<Pet> => {
      writes += 1;
      const { data, error } = await client.POST('/pets', { body: { name: `Concurrent ${writes}`, categoryId: 11, status } });
      if (!data) throw new Error(`create failed: ${JSON.stringify(error)}`);
      return data;
    };

    /**
     * Walks the list page by page; each page is requested while other pets are being created, so
     * every page races with writes. Returns the ids in the order the pages gave them.
     */
    const walkWhileWriting = async (status: PetStatus | undefined): Promise<{ ids: number[]; written: Pet[] }> => {
      const ids: number[] = [];
      const written: Pet[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const [page, ...created] = await Promise.all([
          client.GET('/pets', { params: { query: { limit: PAGE, ...(status && { status }), ...(after && { after }) } } }),
          ...Array.from({ length: WRITES_PER_PAGE }, (_, i) => create(i % 2 === 0 ? 'pending' : 'available')),
        ]);
        if (!page.data) throw new Error(`list failed: ${JSON.stringify(page.error)}`);
        ids.push(...page.data.map((pet) => pet.id));
        written.push(...created);
        after = nextCursor(page.response);
        pages += 1;
        // Each page reads more pets than are written meanwhile, so the walk catches up; this is a guard.
        if (pages > 60) throw new Error('the walk did not end');
      } while (after);
      return { ids, written };
    };

    beforeAll(async () => {
      door = await startRest({ mongodbUri: store.uri });
      client = createPetstoreRestClient({ baseUrl: `${door.baseUrl}/v1`, apiKey: door.apiKey });
      seeded = [];
      for (let i = 0; i < SEEDED; i += 1) seeded.push(await create(i % 3 === 0 ? 'sold' : 'pending'));
    });
    afterAll(async () => {
      await door.close();
    });

    it('returns every pet that existed for the whole walk exactly once', async () => {
      const { ids, written } = await walkWhileWriting(undefined);
      expect(written.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const counts = new Map<number, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      expect(seeded.filter((pet) => counts.get(pet.id) !== 1)).toEqual([]);
      const known = new Set([...seeded, ...written].map((pet) => pet.id));
      expect(ids.filter((id) => !known.has(id))).toEqual([]);
    });

    it('does the same through a status filter', async () => {
      const { ids } = await walkWhileWriting('sold');
      const sold = seeded.filter((pet) => pet.status === 'sold').map((pet) => pet.id);
      expect(sold.length).toBeGreaterThan(PAGE);
      // No pet is created as sold during the walk, so the walk is exactly the seeded sold pets.
      expect(ids).toEqual(sold.sort((a, b) => a - b));
    });
  });
}

describe.skipIf(!inject('mongodbUri'))('paging while another instance adds pets behind the cursor, on MongoDB', () => {
  let reader: TestRest;
  let writer: TestRest;
  let readerClient: PetstoreRestClient;
  let writerClient: PetstoreRestClient;
  const add = async (client: PetstoreRestClient, name: string): Promise<Pet> => {
    const { data, error } = await client.POST('/pets', { body: { name, categoryId: 12, status: 'pending' } });
    if (!data) throw new Error(`create failed: ${JSON.stringify(error)}`);
    return data;
  };

  beforeAll(async () => {
    // Two instances on one database claim different hi/lo id blocks, so the writer's new pets get
    // ids below the ones the reader's walk has already passed: an offset-based page would repeat pets.
    writer = await startRest({ mongodbUri: inject('mongodbUri') });
    reader = await startRest({ mongodbUri: inject('mongodbUri'), env: { MONGODB_DB: writer.runtime.config.MONGODB_DB } });
    writerClient = createPetstoreRestClient({ baseUrl: `${writer.baseUrl}/v1`, apiKey: writer.apiKey });
    readerClient = createPetstoreRestClient({ baseUrl: `${reader.baseUrl}/v1`, apiKey: reader.apiKey });
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
  });

  it('returns every pet that existed for the whole walk exactly once', async () => {
    const before: Pet[] = [];
    for (let i = 0; i < 10; i += 1) before.push(await add(writerClient, `Low ${i}`));
    for (let i = 0; i < 20; i += 1) before.push(await add(readerClient, `High ${i}`));
    expect(Math.max(...before.slice(0, 10).map((pet) => pet.id))).toBeLessThan(Math.min(...before.slice(10).map((pet) => pet.id)));

    const ids: number[] = [];
    let after: string | undefined;
    do {
      const [page] = await Promise.all([
        readerClient.GET('/pets', { params: { query: { limit: 4, ...(after && { after }) } } }),
        add(writerClient, 'Behind'),
        add(writerClient, 'Behind'),
      ]);
      ids.push(...(page.data ?? []).map((pet) => pet.id));
      after = nextCursor(page.response);
    } while (after);

    expect(new Set(ids).size).toBe(ids.length);
    expect(before.filter((pet) => ids.filter((id) => id === pet.id).length !== 1)).toEqual([]);
  });
});
