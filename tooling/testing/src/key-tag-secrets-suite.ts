import { describe, expect, it } from 'vitest';
import { useFreshStores, type MakeStores } from './store-fixture.js';

export function defineKeyTagSecretsSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} key tag secret`, () => {
    const stores = useFreshStores(makeStores);

    it('has none until one is claimed, then keeps the first claimed whatever is claimed after', async () => {
      const { keyTagSecrets } = stores();
      expect(await keyTagSecrets.find()).toBeNull();
      expect(await keyTagSecrets.claim('first-secret')).toBe('first-secret');
      expect(await keyTagSecrets.claim('second-secret')).toBe('first-secret');
      expect(await keyTagSecrets.find()).toBe('first-secret');
    });

    it('gives every one of many concurrent claims the same secret, one of theirs', async () => {
      const { keyTagSecrets } = stores();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => keyTagSecrets.claim(`secret-${n}`)));
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]).toMatch(/^secret-\d+$/);
      expect(await keyTagSecrets.find()).toBe(answers[0]);
    });
  });
}
