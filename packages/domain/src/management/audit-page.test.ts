import { describe, expect, it } from 'vitest';
import { FROM, testKeyManagement } from '../testing/test-key-management.js';
import { decodeAuditCursor, encodeAuditCursor } from './audit-page.js';
import { operatorOn } from '../keys/callers.js';

/** An account whose owner made a key and changed it `changes` times, a second apart, and another account with a record of its own. */
const setup = async (changes: number) => {
  const kit = testKeyManagement();
  const accountId = await kit.account();
  const owner = await kit.person(accountId);
  const key = await kit.management.createKey(owner, { name: 'k0' }, FROM);
  for (let n = 1; n <= changes; n += 1) {
    kit.advance(1000);
    await kit.management.updateKey(owner, key.id, { name: `k${n}` }, FROM);
  }
  await kit.account('Other');
  return { ...kit, accountId, owner, key };
};

describe('listAuditRecords', () => {
  it('lists only the caller’s account, newest first, 50 a page by default', async () => {
    const { management, owner, accountId } = await setup(60);
    const page = await management.listAuditRecords(owner, {});
    expect(page.records).toHaveLength(50);
    expect(page.records.every((record) => record.accountId === accountId)).toBe(true);
    expect(page.records[0]?.changes['name']?.to).toBe('k60');
    expect(page.next).not.toBeNull();
  });

  it('pages through every record once with the cursor, even as records are added meanwhile', async () => {
    const { management, owner, key, advance } = await setup(12);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await management.listAuditRecords(owner, { limit: 5, cursor });
      seen.push(...page.records.map((record) => String(record.changes['name']?.to ?? record.action)));
      advance(1000);
      await management.updateKey(owner, key.id, { name: `new${pages}` }, FROM);
      if (page.next === null) break;
      cursor = page.next;
    }
    const names = Array.from({ length: 12 }, (_, n) => `k${12 - n}`);
    // Then the key's creation, and the account's (named Acme).
    expect(seen).toEqual([...names, 'k0', 'Acme']);
  });

  it('filters by actor, action, key and since', async () => {
    const { management, owner, key, keyService, accountId, clock } = await setup(3);
    const since = clock.now();
    const other = await keyService.createKey(operatorOn(accountId), { name: 'by operator' });
    const actions = async (query: Parameters<typeof management.listAuditRecords>[1]) =>
      (await management.listAuditRecords(owner, query)).records.map((record) => [record.action, record.keyId, record.actor]);
    expect(await actions({ actor: 'operator' })).toEqual([
      ['key.created', other.id, 'operator'],
      ['account.created', null, 'operator'],
    ]);
    expect(await actions({ action: 'key.created' })).toEqual([
      ['key.created', other.id, 'operator'],
      ['key.created', key.id, `person:${owner.personId}`],
    ]);
    expect((await actions({ keyId: key.id })).length).toBe(4);
    expect(await actions({ since, keyId: key.id })).toEqual([['key.updated', key.id, `person:${owner.personId}`]]);
  });

  it.each([
    ['an unknown action', { action: 'key.stolen' }, 'action: unknown action "key.stolen"'],
    ['a bad since', { since: new Date('yesterday') }, 'since: must be an ISO 8601 instant'],
    ['a limit of 0', { limit: 0 }, 'limit: must be a whole number from 1 to 100'],
    ['a limit of 101', { limit: 101 }, 'limit: must be a whole number from 1 to 100'],
    ['a limit that is not a number', { limit: Number('ten') }, 'limit:'],
    ['a cursor not given by the service', { cursor: 'bm90IGEgY3Vyc29y' }, 'cursor:'],
    ['a cursor that is not base64', { cursor: '!!!' }, 'cursor:'],
  ])('refuses %s with 400 naming the field', async (_, query, message) => {
    const { management, owner } = await setup(0);
    await expect(management.listAuditRecords(owner, query as never)).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining(message),
    });
  });
});

describe('audit cursors', () => {
  it('decode to the position they were made from', () => {
    const position = { at: new Date('2026-06-01T00:00:00.123Z'), id: 'aud_0000000001' };
    expect(decodeAuditCursor(encodeAuditCursor(position))).toEqual(position);
  });
});
