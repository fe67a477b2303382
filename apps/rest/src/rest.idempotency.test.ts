import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, issueKey } from '@petstore/service-kit';
import { startRest, type TestRest } from './testing/start-rest.js';

interface Pet {
  id: number;
  name: string;
}

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`createPet with an Idempotency-Key on the ${store.name}`, () => {
    let door: TestRest;
    const create = (body: unknown, idempotencyKey?: string, key = door.apiKey) =>
      call<Pet>(door.baseUrl, '/v1/pets', {
        method: 'POST',
        key,
        body,
        ...(idempotencyKey !== undefined && { headers: { 'Idempotency-Key': idempotencyKey } }),
      });

    beforeAll(async () => {
      door = await startRest({ mongodbUri: store.uri });
    });
    afterAll(async () => {
      await door.close();
    });

    it('answers a retried create with the pet the first one made', async () => {
      const key = `retry-${Date.now()}`;
      const first = await create({ name: 'Once', categoryId: 5 }, key);
      const again = await create({ categoryId: 5, name: 'Once' }, key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('location')).toBe(first.headers.get('location'));
    });

    it('refuses the same key with another pet with 409', async () => {
      const key = `conflict-${Date.now()}`;
      expect((await create({ name: 'First', categoryId: 5 }, key)).status).toBe(201);
      const other = await create({ name: 'Second', categoryId: 5 }, key);
      expect(other.status).toBe(409);
      expect(other.body).toEqual({ code: 'conflict', message: expect.stringContaining('Idempotency-Key'), status: 409 });
    });

    it('keeps the keys of different accounts apart', async () => {
      const key = `shared-${Date.now()}`;
      const mine = await create({ name: 'Mine', categoryId: 5 }, key);
      const theirs = await create({ name: 'Theirs', categoryId: 5 }, key, await issueKey(door.runtime));
      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(mine.body.id);
    });

    it('creates a new pet each time without a key', async () => {
      const a = await create({ name: 'Twin', categoryId: 5 });
      const b = await create({ name: 'Twin', categoryId: 5 });
      expect(a.body.id).not.toBe(b.body.id);
    });

    it.each([
      ['an empty key', ''],
      ['a key with a space', 'two words'],
      ['a key past 255 characters', 'k'.repeat(256)],
    ])('answers 400 naming Idempotency-Key for %s', async (_, idempotencyKey) => {
      const response = await create({ name: 'Bad key', categoryId: 5 }, idempotencyKey);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'invalid_request', message: expect.stringContaining('Idempotency-Key'), status: 400 });
    });
  });
}
