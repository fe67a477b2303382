import { createPetstoreRestClient, nextCursor, pagesOfPets, type Pet, type PetstoreRestClient } from '@petstore/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, inject, it } from 'vitest';
import { startRest, type TestRest } from './testing/start-rest.js';

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`the typed REST client on the ${store.name}`, () => {
    let door: TestRest;
    let client: PetstoreRestClient;
    beforeAll(async () => {
      door = await startRest({ mongodbUri: store.uri });
      client = createPetstoreRestClient({ baseUrl: `${door.baseUrl}/v1`, apiKey: door.apiKey });
    });
    afterAll(async () => {
      await door.close();
    });

    it('creates a pet and gets it back by the id and Location the service gave', async () => {
      const { data, error, response } = await client.POST('/pets', { body: { name: 'Typed Rex', categoryId: 7, status: 'available' } });
      expect(error).toBeUndefined();
      expect(response.status).toBe(201);
      expectTypeOf(data).toEqualTypeOf<Pet | undefined>();
      expect(data).toEqual({ id: expect.any(Number), name: 'Typed Rex', categoryId: 7n, status: 'available' });
      const id = data?.id ?? 0;
      // Absolute, under the origin the service names without PUBLIC_BASE_URL: this machine's port.
      expect(response.headers.get('location')).toBe(`http://localhost:${door.port}/v1/pets/${id}`);

      const read = await client.GET('/pets/{petId}', { params: { path: { petId: id } } });
      expect(read.data).toEqual(data);
      expect(read.response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    });

    it('keeps a categoryId anywhere in int64 exact, sent as a bigint and read back as one by create, list and get', async () => {
      const categoryIds = [9007199254740993n, 9223372036854775807n, -9223372036854775808n, 5n];
      const created: Pet[] = [];
      for (const categoryId of categoryIds) {
        const { data, error } = await client.POST('/pets', { body: { name: `Exact ${categoryId}`, categoryId, status: 'pending' } });
        expect(error).toBeUndefined();
        if (data) created.push(data);
      }
      expect(created.map((pet) => pet.categoryId)).toEqual(categoryIds);
      const listed = await client.GET('/pets', { params: { query: { status: 'pending', limit: 100 } } });
      expect(listed.data?.filter((pet) => pet.name.startsWith('Exact ')).map((pet) => pet.categoryId)).toEqual(categoryIds);
      const read = await client.GET('/pets/{petId}', { params: { path: { petId: BigInt(created[1]?.id ?? 0) } } });
      expect(read.data?.categoryId).toBe(9223372036854775807n);
    });

    it('walks every page of a filtered list through the Link header cursor', async () => {
      const created: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const { data } = await client.POST('/pets', { body: { name: `Walker ${i}`, categoryId: 3, status: 'sold' } });
        created.push(data?.id ?? 0);
      }
      const first = await client.GET('/pets', { params: { query: { limit: 3, status: 'sold' } } });
      expect(first.data).toHaveLength(3);
      expect(nextCursor(first.response)).toEqual(expect.any(String));

      const seen: number[] = [];
      let pages = 0;
      for await (const page of pagesOfPets(client, { limit: 3, status: 'sold' })) {
        pages += 1;
        expect(page.length).toBeLessThanOrEqual(3);
        expect(page.every((pet) => pet.status === 'sold')).toBe(true);
        seen.push(...page.map((pet) => pet.id));
      }
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
      expect(seen).toEqual(expect.arrayContaining(created));
    });

    it('types each error by its status', async () => {
      const invalid = await client.POST('/pets', { body: { name: '   ', categoryId: 1 } });
      expect(invalid.response.status).toBe(400);
      expect(invalid.error).toEqual({ code: 'invalid_request', message: expect.stringContaining('name'), status: 400 });
      expectTypeOf(invalid.error?.code).toEqualTypeOf<
        | 'invalid_request'
        | 'unauthorized'
        | 'forbidden'
        | 'conflict'
        | 'payload_too_large'
        | 'unsupported_media_type'
        | 'headers_too_large'
        | 'rate_limited'
        | 'internal_error'
        | 'service_unavailable'
        | undefined
      >();

      const missing = await client.GET('/pets/{petId}', { params: { path: { petId: 9_007_199_254_740_991 } } });
      expect(missing.error).toEqual({ code: 'not_found', message: expect.any(String), status: 404 });
      expect(missing.data).toBeUndefined();

      const badLimit = await client.GET('/pets', { params: { query: { limit: 101 } } });
      expect(badLimit.error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(badLimit.error?.message).toContain('limit');
    });

    it('answers 401 with a typed error for a wrong key', async () => {
      const stranger = createPetstoreRestClient({ baseUrl: `${door.baseUrl}/v1/`, apiKey: 'psk_not-a-real-key-at-all' });
      const { data, error, response } = await stranger.GET('/pets');
      expect(data).toBeUndefined();
      expect(error).toEqual({ code: 'unauthorized', message: expect.any(String), status: 401 });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
    });
  });
}
