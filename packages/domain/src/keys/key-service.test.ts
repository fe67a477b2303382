import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../auth/api-key.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { MAX_RATE_LIMIT } from './key-settings.js';
import { OPERATOR, operatorOn } from './callers.js';

const NOW = '2026-01-01T00:00:00.000Z';

const setup = async () => {
  const { clock, advance } = movableClock(NOW);
  const store = new MapKeyStore();
  const { accounts, keyService, audit } = testAccounts(store, clock);
  const account = await accounts.createAccount('acme');
  return { store, accounts, keyService, audit, account, advance };
};

describe('KeyService, as the operator calls it', () => {
  it('stores only a hash and a short prefix of a key', async () => {
    const { store, keyService, account } = await setup();
    const issued = await keyService.createKey(operatorOn(account.id));
    const record = store.keys.get(issued.id);
    expect(record?.hash).toBe(hashApiKey(issued.key));
    expect(JSON.stringify(record)).not.toContain(issued.key);
    expect(issued.key.startsWith(record?.prefix ?? '?')).toBe(true);
  });

  it('registers a preset key of any text but a tagged one it would refuse, and records nothing for that one', async () => {
    const { store, keyService, account, audit } = await setup();
    const made = await keyService.createKey(operatorOn(account.id));
    for (const presetKey of ['dev-key-0123456789abcdef', `psk_test_${'A'.repeat(43)}`]) {
      expect((await keyService.createKey(operatorOn(account.id), { presetKey })).key).toBe(presetKey);
    }
    const recorded = audit.records.length;
    const forged = made.key.slice(0, -1) + (made.key.endsWith('A') ? 'B' : 'A');
    await expect(keyService.createKey(operatorOn(account.id), { presetKey: forged })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('has the shape of a tagged key'),
    });
    expect([store.keys.size, audit.records.length]).toEqual([3, recorded]);
  });

  it('issues a key with both scopes, no expiry and the default limit unless told otherwise', async () => {
    const { keyService, account } = await setup();
    expect(await keyService.createKey(operatorOn(account.id))).toMatchObject({
      scopes: ['pets:read', 'pets:write'],
      expiresAt: null,
      rateLimit: null,
    });
    const expiresAt = new Date('2026-01-31T00:00:00.000Z');
    expect(
      await keyService.createKey(operatorOn(account.id), {
        scopes: ['pets:write', 'pets:read', 'pets:write'],
        expiresAt: expiresAt.toISOString(),
        rateLimit: 1000,
      }),
    ).toMatchObject({
      scopes: ['pets:read', 'pets:write'],
      kind: 'secret',
      origins: [],
      createdBy: 'tester',
      expiresAt,
      rateLimit: 1000,
    });
  });

  it('lists keys with everything kept of them but their hashes', async () => {
    const { keyService, account } = await setup();
    const issued = await keyService.createKey(operatorOn(account.id), { scopes: ['pets:read'] });
    const { key: _key, ...summary } = issued;
    expect(await keyService.listKeys(operatorOn(account.id))).toEqual([summary]);
    expect(summary).toEqual({
      id: issued.id,
      accountId: account.id,
      name: null,
      prefix: issued.key.slice(0, 15),
      scopes: ['pets:read'],
      kind: 'secret',
      origins: [],
      createdBy: 'tester',
      expiresAt: null,
      rateLimit: null,
      lastUsedAt: null,
      replacedBy: null,
      overlapEndsAt: null,
      createdAt: new Date(NOW),
      revokedAt: null,
      rollPending: false,
      lineageId: issued.id,
    });
  });

  it.each([
    ['an unknown scope', { scopes: ['pets:delete'] }, 'invalid_request', 'scopes.0: must be one of'],
    ['no scope', { scopes: [] }, 'invalid_request', 'scopes: give at least one'],
    ['a past expiry', { expiresAt: NOW }, 'conflict', 'expiresAt: 2026-01-01T00:00:00.000Z has passed'],
    ['an invalid expiry', { expiresAt: '2026-02-30T00:00:00Z' }, 'invalid_request', 'expiresAt: must be an ISO 8601 instant'],
    ['a limit of 0', { rateLimit: 0 }, 'invalid_request', 'rateLimit:'],
    ['a fractional limit', { rateLimit: 1.5 }, 'invalid_request', 'rateLimit: must be a whole number'],
    ['a limit over the maximum', { rateLimit: MAX_RATE_LIMIT + 1 }, 'invalid_request', 'rateLimit:'],
    ['a secret key with origins', { origins: ['https://shop.example'] }, 'invalid_request', 'unknown field "origins"'],
  ])('refuses %s, storing and recording nothing', async (_, options, code, message) => {
    const { store, keyService, audit, account } = await setup();
    await expect(keyService.createKey(operatorOn(account.id), options as never)).rejects.toMatchObject({
      code,
      message: expect.stringContaining(message),
    });
    expect(store.keys.size).toBe(0);
    expect(audit.records.map((record) => record.action)).toEqual(['account.created']);
  });

  it('refuses keys for an unknown account, and changes to an unknown key, as not_found', async () => {
    const { keyService } = await setup();
    await expect(keyService.createKey(operatorOn('acc_missing'))).rejects.toMatchObject({
      code: 'not_found',
      message: 'account acc_missing does not exist',
    });
    for (const change of [
      keyService.revokeKey(OPERATOR, 'key_missing'),
      keyService.updateKey(OPERATOR, 'key_missing', { rateLimit: 5 }),
      keyService.rollKey(OPERATOR, 'key_missing'),
    ]) {
      await expect(change).rejects.toMatchObject({ code: 'not_found', message: 'key key_missing does not exist' });
    }
  });
});

describe('KeyService.updateKey', () => {
  it('changes the scopes and the limit, and goes back to the default limit with null', async () => {
    const { keyService, account } = await setup();
    const { id } = await keyService.createKey(operatorOn(account.id));
    expect(await keyService.updateKey(OPERATOR, id, { scopes: ['pets:read'], rateLimit: 50 })).toMatchObject({
      scopes: ['pets:read'],
      rateLimit: 50,
    });
    expect(await keyService.updateKey(OPERATOR, id, { rateLimit: null })).toMatchObject({ scopes: ['pets:read'], rateLimit: null });
  });

  it('records nothing for a change to what the key already is', async () => {
    const { keyService, audit, account } = await setup();
    const { id } = await keyService.createKey(operatorOn(account.id), { rateLimit: 9 });
    await keyService.updateKey(OPERATOR, id, { scopes: ['pets:write', 'pets:read'], rateLimit: 9 });
    expect(audit.records.map((record) => record.action)).toEqual(['account.created', 'key.created']);
  });

  it('refuses an update that changes nothing asked for, and any change to a revoked key', async () => {
    const { keyService, account } = await setup();
    const { id } = await keyService.createKey(operatorOn(account.id));
    await expect(keyService.updateKey(OPERATOR, id, {})).rejects.toMatchObject({ code: 'invalid_request' });
    await keyService.revokeKey(OPERATOR, id);
    await expect(keyService.updateKey(OPERATOR, id, { rateLimit: 5 })).rejects.toMatchObject({ code: 'conflict', message: `key ${id} is revoked` });
    await expect(keyService.rollKey(OPERATOR, id)).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('KeyService.rollKey', () => {
  it('issues a new key with the same account, scopes, expiry and limit, and ends the old one after 24 h', async () => {
    const { keyService, account } = await setup();
    const expiresAt = new Date('2026-06-01T00:00:00.000Z');
    const old = await keyService.createKey(operatorOn(account.id), { scopes: ['pets:read'], expiresAt: expiresAt.toISOString(), rateLimit: 30 });
    const { key, replaced } = await keyService.rollKey(OPERATOR, old.id);
    expect(key).toMatchObject({ accountId: account.id, scopes: ['pets:read'], expiresAt, rateLimit: 30, replacedBy: null });
    expect(key.key).not.toBe(old.key);
    expect(replaced).toMatchObject({ id: old.id, replacedBy: key.id, overlapEndsAt: new Date('2026-01-02T00:00:00.000Z'), revokedAt: null });
    // Listed oldest first, and by id within one instant (this clock stands still), as MongoDB lists them.
    expect((await keyService.listKeys(operatorOn(account.id))).map((each) => each.id)).toEqual([old.id, key.id].sort());
  });

  it('refuses to roll a key twice, or a key that has expired', async () => {
    const { keyService, account, advance } = await setup();
    const rolled = await keyService.createKey(operatorOn(account.id));
    const { key } = await keyService.rollKey(OPERATOR, rolled.id, { overlapSeconds: 0 });
    await expect(keyService.rollKey(OPERATOR, rolled.id)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining(key.id) });
    const expiring = await keyService.createKey(operatorOn(account.id), { expiresAt: new Date(Date.parse(NOW) + 1000).toISOString() });
    advance(1000);
    await expect(keyService.rollKey(OPERATOR, expiring.id)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('expired') });
    await expect(keyService.rollKey(OPERATOR, key.id, { overlapSeconds: -1 })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('leaves one replacement when the same key is rolled twice at once, deleting the other', async () => {
    const { keyService, account } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    const results = await Promise.allSettled([keyService.rollKey(OPERATOR, old.id), keyService.rollKey(OPERATOR, old.id)]);
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.objectContaining({ code: 'conflict' })]);
    const keys = await keyService.listKeys(operatorOn(account.id));
    expect(keys.find((each) => each.id === old.id)?.replacedBy).toBe(won[0]?.key.id);
    expect(keys.filter((each) => each.id !== old.id)).toEqual([expect.objectContaining({ id: won[0]?.key.id, revokedAt: null, rollPending: false })]);
  });
});

describe('KeyService audit trail', () => {
  it('records every change once, with its actor, ids and the attributes that changed', async () => {
    const { keyService, audit, account, advance } = await setup();
    const created = await keyService.createKey(operatorOn(account.id), { name: 'CI', scopes: ['pets:read'] });
    advance(1000);
    await keyService.updateKey(OPERATOR, created.id, { name: 'CI deploy', scopes: ['pets:read', 'pets:write'], rateLimit: 100 });
    const { key } = await keyService.rollKey(OPERATOR, created.id, { overlapSeconds: 60 });
    await keyService.revokeKey(OPERATOR, key.id);
    await keyService.revokeKey(OPERATOR, key.id);
    const at = (ms: number) => new Date(Date.parse(NOW) + ms);
    expect(audit.records.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        at: at(0),
        actor: 'tester',
        clientAddress: null,
        action: 'account.created',
        accountId: account.id,
        keyId: null,
        personId: null,
        changes: { name: { from: null, to: 'acme' } },
      },
      {
        at: at(0),
        actor: 'tester',
        clientAddress: null,
        action: 'key.created',
        accountId: account.id,
        keyId: created.id,
        personId: null,
        changes: {
          name: { from: null, to: 'CI' },
          scopes: { from: null, to: ['pets:read'] },
          expiresAt: { from: null, to: null },
          rateLimit: { from: null, to: null },
        },
      },
      {
        at: at(1000),
        actor: 'tester',
        clientAddress: null,
        action: 'key.updated',
        accountId: account.id,
        keyId: created.id,
        personId: null,
        changes: {
          name: { from: 'CI', to: 'CI deploy' },
          scopes: { from: ['pets:read'], to: ['pets:read', 'pets:write'] },
          rateLimit: { from: null, to: 100 },
        },
      },
      {
        at: at(1000),
        actor: 'tester',
        clientAddress: null,
        action: 'key.rolled',
        accountId: account.id,
        keyId: created.id,
        personId: null,
        changes: { replacedBy: { from: null, to: key.id }, overlapEndsAt: { from: null, to: at(61_000).toISOString() } },
      },
      {
        at: at(1000),
        actor: 'tester',
        clientAddress: null,
        action: 'key.revoked',
        accountId: account.id,
        keyId: key.id,
        personId: null,
        changes: { revokedAt: { from: null, to: at(1000).toISOString() } },
      },
    ]);
    const text = JSON.stringify(audit.records);
    for (const secret of [created.key, key.key, hashApiKey(created.key), hashApiKey(key.key)]) expect(text).not.toContain(secret);
  });

  it('lists the trail newest first, by account and since an instant', async () => {
    const { accounts, keyService, account, advance } = await setup();
    const other = await accounts.createAccount('other');
    advance(1000);
    const first = await keyService.createKey(operatorOn(account.id));
    advance(1000);
    await keyService.revokeKey(OPERATOR, first.id);
    const ids = (records: Array<{ action: string; accountId: string }>) => records.map((record) => `${record.action} ${record.accountId}`);
    expect(ids(await accounts.listAudit())).toEqual([
      `key.revoked ${account.id}`,
      `key.created ${account.id}`,
      `account.created ${other.id}`,
      `account.created ${account.id}`,
    ]);
    expect(ids(await accounts.listAudit({ accountId: other.id }))).toEqual([`account.created ${other.id}`]);
    expect(ids(await accounts.listAudit({ accountId: account.id, since: new Date(Date.parse(NOW) + 1000) }))).toEqual([
      `key.revoked ${account.id}`,
      `key.created ${account.id}`,
    ]);
    await expect(accounts.listAudit({ accountId: 'acc_missing' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('makes no change it could not record first', async () => {
    const { store, accounts, keyService, audit, account } = await setup();
    audit.append = () => Promise.reject(new Error('the audit log is unavailable'));
    await expect(keyService.createKey(operatorOn(account.id))).rejects.toThrow('the audit log is unavailable');
    await expect(accounts.createAccount('next')).rejects.toThrow('the audit log is unavailable');
    expect(store.keys.size).toBe(0);
    expect(store.accounts.size).toBe(1);
  });
});
