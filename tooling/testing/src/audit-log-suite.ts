import type { AuditRecord } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import type { MakeStores } from './store-fixture.js';
import { useFreshStores } from './store-fixture.js';

const record = (id: string, accountId: string, at: string, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id,
  at: new Date(at),
  actor: 'ops@example',
  clientAddress: null,
  action: 'key.updated',
  accountId,
  keyId: 'key_1',
  personId: null,
  changes: { scopes: { from: ['pets:read', 'pets:write'], to: ['pets:read'] }, rateLimit: { from: null, to: 1000 } },
  ...overrides,
});

export function defineAuditLogSuite(name: string, makeStores: MakeStores): void {
  describe(`${name} audit log`, () => {
    const stores = useFreshStores(makeStores);

    it('keeps every appended record exactly, newest first', async () => {
      const { audit } = stores();
      const records = [
        record('aud_1', 'acc_1', '2026-01-01T00:00:00.000Z', {
          action: 'account.created',
          keyId: null,
          changes: { name: { from: null, to: 'Acme' } },
        }),
        record('aud_2', 'acc_1', '2026-01-01T00:00:01.000Z'),
        record('aud_3', 'acc_1', '2026-01-01T00:00:01.000Z', {
          action: 'key.revoked',
          changes: { revokedAt: { from: null, to: '2026-01-01T00:00:01.000Z' } },
        }),
        record('aud_4', 'acc_1', '2026-01-01T00:00:02.000Z', {
          actor: 'person:per_1',
          clientAddress: '2001:db8::7',
          action: 'member.removed',
          keyId: null,
          personId: 'per_2',
          changes: { role: { from: 'member', to: null } },
        }),
      ];
      for (const each of records) await audit.append(each);
      expect(await audit.list({})).toStrictEqual(records.toReversed());
    });

    it('lists only the records of one account, and only those at or after an instant', async () => {
      const { audit } = stores();
      await audit.append(record('aud_1', 'acc_1', '2026-01-01T00:00:00.000Z'));
      await audit.append(record('aud_2', 'acc_2', '2026-01-02T00:00:00.000Z'));
      await audit.append(record('aud_3', 'acc_1', '2026-01-03T00:00:00.000Z'));
      const ids = (records: AuditRecord[]) => records.map((each) => each.id);
      expect(ids(await audit.list({ accountId: 'acc_1' }))).toEqual(['aud_3', 'aud_1']);
      expect(ids(await audit.list({ since: new Date('2026-01-02T00:00:00.000Z') }))).toEqual(['aud_3', 'aud_2']);
      expect(ids(await audit.list({ accountId: 'acc_2', since: new Date('2026-01-02T00:00:00.001Z') }))).toEqual([]);
      expect(ids(await audit.list({ accountId: 'acc_none' }))).toEqual([]);
    });

    it('lists only the records of one actor, action or key, each filter with the others', async () => {
      const { audit } = stores();
      await audit.append(record('aud_1', 'acc_1', '2026-01-01T00:00:00.000Z', { actor: 'person:per_1', action: 'key.created', keyId: 'key_1' }));
      await audit.append(record('aud_2', 'acc_1', '2026-01-01T00:00:01.000Z', { actor: 'key:key_9', action: 'key.updated', keyId: 'key_1' }));
      await audit.append(record('aud_3', 'acc_1', '2026-01-01T00:00:02.000Z', { actor: 'person:per_1', action: 'key.updated', keyId: 'key_2' }));
      await audit.append(record('aud_4', 'acc_2', '2026-01-01T00:00:03.000Z', { actor: 'person:per_1', action: 'key.updated', keyId: 'key_1' }));
      const ids = async (query: Parameters<typeof audit.list>[0]) => (await audit.list(query)).map((each) => each.id);
      expect(await ids({ actor: 'person:per_1' })).toEqual(['aud_4', 'aud_3', 'aud_1']);
      expect(await ids({ accountId: 'acc_1', actor: 'person:per_1' })).toEqual(['aud_3', 'aud_1']);
      expect(await ids({ accountId: 'acc_1', action: 'key.updated' })).toEqual(['aud_3', 'aud_2']);
      expect(await ids({ accountId: 'acc_1', keyId: 'key_1' })).toEqual(['aud_2', 'aud_1']);
      expect(await ids({ accountId: 'acc_1', keyId: 'key_1', action: 'key.updated', actor: 'key:key_9' })).toEqual(['aud_2']);
      expect(await ids({ accountId: 'acc_1', keyId: 'key_1', actor: 'person:per_2' })).toEqual([]);
    });

    it('lists at most the limit, and only records older than a position (by instant, then by id)', async () => {
      const { audit } = stores();
      // Three records share an instant: the id orders them, as records written in one millisecond.
      for (const [id, at] of [
        ['aud_a', '2026-01-01T00:00:00.000Z'],
        ['aud_b', '2026-01-01T00:00:01.000Z'],
        ['aud_c', '2026-01-01T00:00:01.000Z'],
        ['aud_d', '2026-01-01T00:00:01.000Z'],
        ['aud_e', '2026-01-01T00:00:02.000Z'],
      ] as const) {
        await audit.append(record(id, 'acc_1', at));
      }
      const ids = async (query: Parameters<typeof audit.list>[0]) => (await audit.list(query)).map((each) => each.id);
      expect(await ids({ limit: 2 })).toEqual(['aud_e', 'aud_d']);
      const sameInstant = new Date('2026-01-01T00:00:01.000Z');
      expect(await ids({ before: { at: sameInstant, id: 'aud_d' }, limit: 2 })).toEqual(['aud_c', 'aud_b']);
      expect(await ids({ before: { at: sameInstant, id: 'aud_b' } })).toEqual(['aud_a']);
      expect(await ids({ before: { at: new Date('2026-01-01T00:00:02.000Z'), id: 'aud_e' }, accountId: 'acc_1' })).toEqual([
        'aud_d',
        'aud_c',
        'aud_b',
        'aud_a',
      ]);
      expect(await ids({ before: { at: sameInstant, id: 'aud_c' }, since: sameInstant })).toEqual(['aud_b']);
      expect(await ids({ before: { at: new Date('2026-01-01T00:00:00.000Z'), id: 'aud_a' } })).toEqual([]);
    });

    it('refuses a second record with an id already used, keeping the first', async () => {
      const { audit } = stores();
      await audit.append(record('aud_1', 'acc_1', '2026-01-01T00:00:00.000Z'));
      await expect(audit.append(record('aud_1', 'acc_2', '2026-01-01T00:00:00.000Z'))).rejects.toMatchObject({ code: 'conflict' });
      expect((await audit.list({})).map((each) => each.accountId)).toEqual(['acc_1']);
    });
  });
}
