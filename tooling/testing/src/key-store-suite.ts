import type { Account, ApiKeyRecord } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import type { MakeStores } from './store-fixture.js';
import { useFreshStores } from './store-fixture.js';

const account = (id: string): Account => ({ id, name: `account ${id}`, createdAt: new Date('2026-01-02T03:04:05.678Z') });

const key = (id: string, accountId: string): ApiKeyRecord => ({
  id,
  accountId,
  hash: `hash-of-${id}`.padEnd(64, '0'),
  prefix: `psk_${id.slice(-6)}`,
  createdAt: new Date('2026-02-03T04:05:06.789Z'),
  revokedAt: null,
});

const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);

export function defineKeyStoreSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} key store`, () => {
    const stores = useFreshStores(makeStores);

    it('returns an inserted account from getAccount and null for an unknown one', async () => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      expect(await keys.getAccount('acc_1')).toStrictEqual(account('acc_1'));
      expect(await keys.getAccount('acc_2')).toBeNull();
    });

    it('finds an inserted key by its hash and answers null for an unknown hash', async () => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      await keys.insertKey(key('key_1', 'acc_1'));
      expect(await keys.findKeyByHash(key('key_1', 'acc_1').hash)).toStrictEqual(key('key_1', 'acc_1'));
      expect(await keys.findKeyByHash('0'.repeat(64))).toBeNull();
    });

    it('lists exactly the keys of the given account', async () => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      await keys.insertAccount(account('acc_2'));
      const mine = [key('key_1', 'acc_1'), key('key_3', 'acc_1')];
      for (const each of [...mine, key('key_2', 'acc_2')]) await keys.insertKey(each);
      expect((await keys.listKeys('acc_1')).sort(byId)).toStrictEqual(mine);
      expect(await keys.listKeys('acc_unknown')).toEqual([]);
    });

    it('sets revokedAt on the first revoke and keeps that instant on later ones', async () => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      await keys.insertKey(key('key_1', 'acc_1'));
      const first = new Date('2026-03-01T00:00:00.000Z');
      const revoked = { ...key('key_1', 'acc_1'), revokedAt: first };
      expect(await keys.revokeKey('key_1', first)).toStrictEqual(revoked);
      expect(await keys.revokeKey('key_1', new Date('2026-04-01T00:00:00.000Z'))).toStrictEqual(revoked);
      expect(await keys.findKeyByHash(revoked.hash)).toStrictEqual(revoked);
    });

    it('answers null when revoking a key that does not exist', async () => {
      const { keys } = stores();
      expect(await keys.revokeKey('key_missing', new Date())).toBeNull();
    });
  });
}
