import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '@petstore/service-kit';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';

interface Pet {
  id: number;
  name: string;
  categoryId: number;
}

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

const ROUNDS = 20;
const RETRIES = 30;

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`concurrent retries of one create on the ${store.name}`, () => {
    let gw: TestGateway;
    beforeAll(async () => {
      // No request budget: 600 creates by one key are the point here, not a 429.
      gw = await startTestGateway({ mongodbUri: store.uri, env: { PETSTORE_RATE_LIMIT: '0' } });
    });
    afterAll(async () => {
      await gw.close();
    });

    const create = (pet: { name: string; categoryId: number }, idempotencyKey: string) =>
      call<Pet>(gw.baseUrl, '/v1/pets', { method: 'POST', key: gw.apiKey, body: pet, headers: { 'Idempotency-Key': idempotencyKey } });

    it(`answers ${RETRIES} concurrent sends of one create with one key with the same pet every time, and stores it once, ${ROUNDS} rounds over`, async () => {
      const stored: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const pet = { name: `Racer ${round}`, categoryId: round + 1 };
        const key = `race-${round}-${Date.now()}`;
        const answers = await Promise.all(Array.from({ length: RETRIES }, () => create(pet, key)));
        const first = answers[0]?.body;
        for (const answer of answers) {
          expect([200, 201], `round ${round}: ${answer.text}`).toContain(answer.status);
          expect(answer.body, `round ${round}`).toEqual(first);
        }
        expect(first).toEqual({ ...pet, id: expect.any(Number) });
        stored.push(first?.id ?? 0);
      }
      const listed = await call<Pet[]>(gw.baseUrl, '/v1/pets?limit=100', { key: gw.apiKey });
      expect(
        listed.body.map((pet) => pet.id).sort((a, b) => a - b),
        'one pet per round, nothing more',
      ).toEqual(stored.sort((a, b) => a - b));
    }, 180_000);
  });
}
