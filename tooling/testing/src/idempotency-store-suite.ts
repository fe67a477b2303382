import type { IdempotencyRecord } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { useFreshStores, type MakeStores } from './store-fixture.js';

const record = (accountId: string, key: string, petId: number, fingerprint = 'f1'): IdempotencyRecord => ({
  accountId,
  key,
  fingerprint,
  petId,
  createdAt: new Date(),
});

export function defineIdempotencyStoreSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} idempotency store`, () => {
    const stores = useFreshStores(makeStores);

    it('stores a first claim and answers null', async () => {
      expect(await stores().idempotency.claim(record('a', 'k', 1))).toBeNull();
    });

    it('answers a repeated claim with the record that was there first', async () => {
      const { idempotency } = stores();
      await idempotency.claim(record('a', 'k', 1, 'first'));
      expect(await idempotency.claim(record('a', 'k', 2, 'second'))).toMatchObject({ petId: 1, fingerprint: 'first', key: 'k' });
    });

    it('keeps the same key of two accounts apart', async () => {
      const { idempotency } = stores();
      await idempotency.claim(record('a', 'k', 1));
      expect(await idempotency.claim(record('b', 'k', 2))).toBeNull();
    });

    it('lets exactly one of many concurrent claims win', async () => {
      const { idempotency } = stores();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => idempotency.claim(record('a', 'race', i + 1))));
      const winners = answers.filter((answer) => answer === null);
      expect(winners).toHaveLength(1);
      expect(new Set(answers.filter((a) => a !== null).map((a) => a?.petId)).size).toBe(1);
    });
  });
}
