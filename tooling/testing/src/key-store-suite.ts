import type { Account, ApiKeyRecord } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import type { MakeStores } from './store-fixture.js';
import { useFreshStores } from './store-fixture.js';

const account = (id: string): Account => ({ id, name: `account ${id}`, createdAt: new Date('2026-01-02T03:04:05.678Z'), suspendedAt: null });

const key = (id: string, accountId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id,
  accountId,
  name: null,
  hash: `hash-of-${id}`.padEnd(64, '0'),
  prefix: `psk_${id.slice(-6)}`,
  scopes: ['pets:read', 'pets:write'],
  kind: 'secret',
  origins: [],
  createdBy: null,
  expiresAt: null,
  rateLimit: null,
  lastUsedAt: null,
  replacedBy: null,
  overlapEndsAt: null,
  createdAt: new Date('2026-02-03T04:05:06.789Z'),
  revokedAt: null,
  rollPending: false,
  lineageId: id,
  ...overrides,
});

const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);

export function defineKeyStoreSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} key store`, () => {
    const stores = useFreshStores(makeStores);

    /** A store holding account acc_1 and the given keys of it. */
    const withKeys = async (...records: ApiKeyRecord[]) => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      for (const record of records) await keys.insertKey(record);
      return keys;
    };

    it('returns an inserted account from getAccount and null for an unknown one', async () => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      expect(await keys.getAccount('acc_1')).toStrictEqual(account('acc_1'));
      expect(await keys.getAccount('acc_2')).toBeNull();
    });

    it('lists every account, oldest first', async () => {
      const { keys } = stores();
      const later = { ...account('acc_0'), createdAt: new Date('2026-01-03T00:00:00.000Z') };
      await keys.insertAccount(later);
      await keys.insertAccount(account('acc_1'));
      expect(await keys.listAccounts()).toStrictEqual([account('acc_1'), later]);
    });

    it('suspends an account from the instant given and resumes it, answering the account after, or null for an unknown one', async () => {
      const { keys } = stores();
      await keys.insertAccount(account('acc_1'));
      await keys.insertAccount(account('acc_2'));
      const at = new Date('2026-03-04T05:06:07.089Z');
      expect(await keys.setAccountSuspension('acc_1', at)).toStrictEqual({ ...account('acc_1'), suspendedAt: at });
      expect(await keys.getAccount('acc_1')).toStrictEqual({ ...account('acc_1'), suspendedAt: at });
      expect(await keys.getAccount('acc_2')).toStrictEqual(account('acc_2'));
      expect(await keys.setAccountSuspension('acc_1', null)).toStrictEqual(account('acc_1'));
      expect(await keys.getAccount('acc_1')).toStrictEqual(account('acc_1'));
      expect(await keys.setAccountSuspension('acc_unknown', at)).toBeNull();
      expect(await keys.getAccount('acc_unknown')).toBeNull();
    });

    it('finds an inserted key by its hash and by its id, and answers null for unknown ones', async () => {
      const keys = await withKeys(key('key_1', 'acc_1'));
      expect(await keys.findKeyByHash(key('key_1', 'acc_1').hash)).toStrictEqual(key('key_1', 'acc_1'));
      expect(await keys.getKey('key_1')).toStrictEqual(key('key_1', 'acc_1'));
      expect(await keys.findKeyByHash('0'.repeat(64))).toBeNull();
      expect(await keys.getKey('key_2')).toBeNull();
    });

    it('keeps every attribute of a key exactly: name, scopes, expiry, limit, last use, a roll and its lineage', async () => {
      const full = key('key_1', 'acc_1', {
        name: 'CI deploy — ünïcode ✓',
        rollPending: true,
        lineageId: 'key_0',
        scopes: ['pets:read'],
        expiresAt: new Date('2027-01-01T00:00:00.001Z'),
        rateLimit: 10_000_000,
        lastUsedAt: new Date('2026-02-04T00:00:00.000Z'),
        replacedBy: 'key_2',
        overlapEndsAt: new Date('2026-02-05T00:00:00.000Z'),
        revokedAt: new Date('2026-02-06T00:00:00.000Z'),
      });
      const keys = await withKeys(full);
      expect(await keys.getKey('key_1')).toStrictEqual(full);
      expect(await keys.findKeyByHash(full.hash)).toStrictEqual(full);
      expect(await keys.listKeys('acc_1')).toStrictEqual([full]);
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

    it('changes only the scopes or the limit given, and sets the limit back to null', async () => {
      const keys = await withKeys(key('key_1', 'acc_1', { rateLimit: 5 }), key('key_2', 'acc_1'));
      const narrowed = key('key_1', 'acc_1', { scopes: ['pets:write'], rateLimit: 5 });
      expect(await keys.updateKey('key_1', { scopes: ['pets:write'] })).toStrictEqual(narrowed);
      expect(await keys.updateKey('key_1', { rateLimit: null })).toStrictEqual({ ...narrowed, rateLimit: null });
      expect(await keys.findKeyByHash(narrowed.hash)).toStrictEqual({ ...narrowed, rateLimit: null });
      expect(await keys.getKey('key_2')).toStrictEqual(key('key_2', 'acc_1'));
      expect(await keys.updateKey('key_missing', { rateLimit: 1 })).toBeNull();
    });

    it('changes only the name given, and takes it away with null', async () => {
      const keys = await withKeys(key('key_1', 'acc_1', { name: 'old name', rateLimit: 5 }), key('key_2', 'acc_1', { name: 'other' }));
      const renamed = key('key_1', 'acc_1', { name: 'new name', rateLimit: 5 });
      expect(await keys.updateKey('key_1', { name: 'new name' })).toStrictEqual(renamed);
      expect(await keys.findKeyByHash(renamed.hash)).toStrictEqual(renamed);
      expect(await keys.updateKey('key_1', { name: null })).toStrictEqual({ ...renamed, name: null });
      expect(await keys.listKeys('acc_1')).toContainEqual({ ...renamed, name: null });
      expect(await keys.getKey('key_2')).toStrictEqual(key('key_2', 'acc_1', { name: 'other' }));
    });

    it('decides each roll generation of a key once, keeping the first decision and telling each caller whether it won', async () => {
      const { keys } = stores();
      const first = { keyId: 'key_1', generation: 1, replacementId: 'key_2', overlapEndsAt: new Date('2026-03-01T00:00:00.000Z') };
      expect(await keys.latestRoll('key_1')).toBeNull();
      expect(await keys.decideRoll(first)).toStrictEqual({ won: true, decision: first });
      expect(await keys.decideRoll({ ...first, replacementId: 'key_3' })).toStrictEqual({ won: false, decision: first });
      const second = { ...first, generation: 2, replacementId: 'key_4' };
      expect(await keys.decideRoll(second)).toStrictEqual({ won: true, decision: second });
      expect(await keys.latestRoll('key_1')).toStrictEqual(second);
      expect(await keys.latestRoll('key_2')).toBeNull();
    });

    it('lets exactly one of many rolls of one generation asked for at once win', async () => {
      const { keys } = stores();
      const overlapEndsAt = new Date('2026-03-01T00:00:00.000Z');
      const asked = Array.from({ length: 20 }, (_, n) => ({ keyId: 'key_1', generation: 1, replacementId: `key_r${n}`, overlapEndsAt }));
      const answers = await Promise.all(asked.map((decision) => keys.decideRoll(decision)));
      const winners = answers.filter((answer) => answer.won).map((answer) => answer.decision);
      expect(winners).toHaveLength(1);
      expect(answers.map((answer) => answer.decision)).toStrictEqual(Array(asked.length).fill(winners[0]));
      expect(await keys.latestRoll('key_1')).toStrictEqual(winners[0]);
    });

    it('decides a revocation once, every caller told the first instant', async () => {
      const { keys } = stores();
      const instants = Array.from({ length: 20 }, (_, n) => new Date(Date.parse('2026-03-01T00:00:00.000Z') + n));
      const answers = await Promise.all(instants.map((at) => keys.decideRevocation('key_1', at)));
      expect(answers.filter((answer) => answer.won)).toHaveLength(1);
      const kept = answers.find((answer) => answer.won)?.decision;
      expect(answers.map((answer) => answer.decision)).toStrictEqual(Array(instants.length).fill(kept));
      expect(await keys.decideRevocation('key_2', instants[0] ?? new Date())).toStrictEqual({ won: true, decision: instants[0] });
    });

    it('writes a won roll on the old key, replacing an earlier one', async () => {
      const keys = await withKeys(key('key_1', 'acc_1'));
      const first = { replacedBy: 'key_2', overlapEndsAt: new Date('2026-03-01T00:00:00.000Z') };
      expect(await keys.replaceKey('key_1', first)).toStrictEqual(key('key_1', 'acc_1', first));
      const again = { replacedBy: 'key_3', overlapEndsAt: new Date('2026-02-20T00:00:00.000Z') };
      expect(await keys.replaceKey('key_1', again)).toStrictEqual(key('key_1', 'acc_1', again));
      expect(await keys.getKey('key_1')).toStrictEqual(key('key_1', 'acc_1', again));
      expect(await keys.replaceKey('key_missing', first)).toBeNull();
    });

    it('activates a pending replacement, and discards only pending keys', async () => {
      const pending = key('key_2', 'acc_1', { rollPending: true, lineageId: 'key_1' });
      const keys = await withKeys(key('key_1', 'acc_1'), pending, key('key_3', 'acc_1', { rollPending: true }));
      expect(await keys.activateKey('key_2')).toStrictEqual({ ...pending, rollPending: false });
      await keys.discardKey('key_2');
      await keys.discardKey('key_1');
      await keys.discardKey('key_3');
      expect((await keys.listKeys('acc_1')).sort(byId).map((each) => each.id)).toStrictEqual(['key_1', 'key_2']);
      expect(await keys.findKeyByHash(key('key_3', 'acc_1').hash)).toBeNull();
      expect(await keys.activateKey('key_missing')).toBeNull();
    });

    it('sets revokedAt on the first revoke and keeps that instant on later ones', async () => {
      const keys = await withKeys(key('key_1', 'acc_1'));
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

    it('records the latest use of a key, never moving it back, and ignores a key that does not exist', async () => {
      const keys = await withKeys(key('key_1', 'acc_1'));
      const later = new Date('2026-03-01T00:01:00.000Z');
      await keys.recordKeyUse('key_1', later);
      await keys.recordKeyUse('key_1', new Date('2026-03-01T00:00:00.000Z'));
      await keys.recordKeyUse('key_missing', later);
      expect(await keys.getKey('key_1')).toStrictEqual(key('key_1', 'acc_1', { lastUsedAt: later }));
      expect(await keys.getKey('key_missing')).toBeNull();
    });

    it('keeps one of the instants written when many instances record uses of a key at once', async () => {
      // Instances write a key's use at most once a minute each, at nearly the same instants. MongoDB's
      // $max keeps the latest exactly; FerretDB applies it as a read and a write, so under a race it
      // may keep another of the instants written: still within the minute the listing shows.
      const keys = await withKeys(key('key_1', 'acc_1'));
      const base = Date.parse('2026-03-01T00:00:00.000Z');
      const uses = Array.from({ length: 50 }, (_, n) => new Date(base + ((n * 37) % 50) * 1000));
      await Promise.all(uses.map((at) => keys.recordKeyUse('key_1', at)));
      const kept = (await keys.getKey('key_1'))?.lastUsedAt?.getTime() ?? 0;
      expect(uses.map((at) => at.getTime())).toContain(kept);
    });

    it('does not let a caller change a stored key through a returned one', async () => {
      const keys = await withKeys(key('key_1', 'acc_1'));
      const got = await keys.getKey('key_1');
      got?.scopes.push('pets:write');
      if (got) got.rateLimit = 1;
      expect(await keys.getKey('key_1')).toStrictEqual(key('key_1', 'acc_1'));
    });
  });
}
