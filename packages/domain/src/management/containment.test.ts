import { describe, expect, it } from 'vitest';
import { FROM, TEST_MAX_RATE_LIMIT, testKeyManagement } from '../testing/test-key-management.js';

/** An account with a management key that holds pets:read only beside keys:manage, and a wider pet key. */
const setup = async () => {
  const kit = testKeyManagement();
  const accountId = await kit.account();
  const narrow = await kit.keyCaller(accountId, ['pets:read', 'keys:manage']);
  const wide = await kit.accounts.createKey(accountId, { scopes: ['pets:read', 'pets:write'] });
  const owner = await kit.person(accountId);
  return { ...kit, accountId, narrow, wide, owner };
};

describe('containment', () => {
  it('lets a key create keys with the scopes it holds (keys:manage bringing keys:read), not one more', async () => {
    const { management, narrow } = await setup();
    expect((await management.createKey(narrow, { name: 'reader', scopes: ['pets:read'] }, FROM)).createdBy).toBe(`key:${narrow.keyId}`);
    expect((await management.createKey(narrow, { name: 'manager', scopes: ['keys:manage'] }, FROM)).scopes).toEqual(['keys:read', 'keys:manage']);
    expect((await management.createKey(narrow, { name: 'auditor', scopes: ['keys:read'] }, FROM)).scopes).toEqual(['keys:read']);
    await expect(management.createKey(narrow, { name: 'writer', scopes: ['pets:read', 'pets:write'] }, FROM)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('lacks pets:write'),
    });
    // Both pet scopes are the default: a key without pets:write must name what it gives.
    await expect(management.createKey(narrow, { name: 'default' }, FROM)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lets a person give any scope', async () => {
    const { management, owner } = await setup();
    const key = await management.createKey(owner, { name: 'all', scopes: ['pets:read', 'pets:write', 'keys:manage'] }, FROM);
    expect(key.scopes).toEqual(['pets:read', 'pets:write', 'keys:read', 'keys:manage']);
  });

  it('refuses a rate limit above the account’s, to people and keys alike, on create and on update', async () => {
    const { management, owner, narrow, wide } = await setup();
    expect((await management.createKey(owner, { name: 'at', rateLimit: TEST_MAX_RATE_LIMIT }, FROM)).rateLimit).toBe(TEST_MAX_RATE_LIMIT);
    const above = { name: 'above', scopes: ['pets:read'], rateLimit: TEST_MAX_RATE_LIMIT + 1 };
    for (const caller of [owner, narrow]) {
      await expect(management.createKey(caller, above, FROM)).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('rateLimit'),
      });
    }
    await expect(management.updateKey(owner, wide.id, { rateLimit: TEST_MAX_RATE_LIMIT + 1 }, FROM)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await management.updateKey(owner, wide.id, { rateLimit: 10 }, FROM)).rateLimit).toBe(10);
  });

  it('refuses to change a key into one holding a scope its changer lacks, or to touch a key wider than the changer', async () => {
    const { management, narrow, wide, accounts, accountId } = await setup();
    const reader = await accounts.createKey(accountId, { scopes: ['pets:read'] });
    await expect(management.updateKey(narrow, reader.id, { scopes: ['pets:read', 'pets:write'] }, FROM)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(management.updateKey(narrow, wide.id, { name: 'renamed' }, FROM)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await management.updateKey(narrow, wide.id, { scopes: ['pets:read'] }, FROM)).scopes).toEqual(['pets:read']);
    expect((await management.updateKey(narrow, reader.id, { name: 'reader' }, FROM)).name).toBe('reader');
  });

  it('refuses a key rolling a key wider than itself (the new secret would be its to see), but lets it revoke one', async () => {
    const { management, narrow, wide } = await setup();
    await expect(management.rollKey(narrow, wide.id, {}, FROM)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('pets:write'),
    });
    expect((await management.revokeKey(narrow, wide.id, FROM)).state).toBe('revoked');
  });

  it('lets a management key rename itself, roll and revoke itself, but not change its scopes, limit or origins', async () => {
    const { management, narrow, audit } = await setup();
    expect((await management.updateKey(narrow, narrow.keyId, { name: 'ci' }, FROM)).name).toBe('ci');
    const recorded = audit.records.length;
    for (const widening of [
      { scopes: ['pets:read', 'keys:manage'] },
      { scopes: ['keys:manage'] },
      { rateLimit: 5 },
      { name: 'x', rateLimit: null },
    ]) {
      await expect(management.updateKey(narrow, narrow.keyId, widening, FROM)).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('ask a person or another key'),
      });
    }
    expect(audit.records.length).toBe(recorded);
    const rolled = await management.rollKey(narrow, narrow.keyId, { overlapSeconds: 0 }, FROM);
    expect(rolled.key.scopes).toEqual(['pets:read', 'keys:read', 'keys:manage']);
    const next = { ...narrow, keyId: rolled.key.id };
    expect((await management.revokeKey(next, next.keyId, FROM)).state).toBe('revoked');
  });
});
