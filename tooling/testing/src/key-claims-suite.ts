import type { KeyClaim } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { useFreshStores, type MakeStores } from './store-fixture.js';

const claim = (accountId: string, idempotencyKey: string, keyId: string, fingerprint = 'f1'): KeyClaim => ({
  accountId,
  idempotencyKey,
  fingerprint,
  keyId,
  // Now: a claim is kept for a day at least (the embedded store forgets older ones).
  createdAt: new Date(),
});

export function defineKeyClaimsSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} createKey claims`, () => {
    const stores = useFreshStores(makeStores);

    it('stores a first claim and answers null', async () => {
      expect(await stores().keyClaims.claim(claim('acc_1', 'req-1', 'key_1'))).toBeNull();
    });

    it('answers a repeated claim with the claim that was there first, exactly', async () => {
      const { keyClaims } = stores();
      const first = claim('acc_1', 'req-1', 'key_1', 'first');
      await keyClaims.claim(first);
      expect(await keyClaims.claim(claim('acc_1', 'req-1', 'key_2', 'second'))).toStrictEqual(first);
    });

    it('keeps the same Idempotency-Key of two accounts, and two keys of one account, apart', async () => {
      const { keyClaims } = stores();
      await keyClaims.claim(claim('acc_1', 'req-1', 'key_1'));
      expect(await keyClaims.claim(claim('acc_2', 'req-1', 'key_2'))).toBeNull();
      expect(await keyClaims.claim(claim('acc_1', 'req-2', 'key_3'))).toBeNull();
    });

    it('lets exactly one of many concurrent claims win, and tells every other the winner', async () => {
      const { keyClaims } = stores();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => keyClaims.claim(claim('acc_1', 'race', `key_${i}`, `f${i}`))));
      const winners = answers.flatMap((answer, i) => (answer === null ? [`key_${i}`] : []));
      expect(winners).toHaveLength(1);
      expect(new Set(answers.filter((answer) => answer !== null).map((answer) => answer?.keyId))).toEqual(new Set(winners));
    });
  });
}
