import { describe, expect, it } from 'vitest';
import { MAX_ROLL_OVERLAP_SECONDS } from './key-settings.js';
import { FROM, TEST_MAX_RATE_LIMIT, testKeyManagement } from '../testing/test-key-management.js';
import { operatorOn } from './callers.js';
import type { Scope } from '../auth/scopes.js';

/** An account with a management key that holds pets:read only beside keys:manage, and a wider pet key. */
const setup = async () => {
  const kit = testKeyManagement();
  const accountId = await kit.account();
  const narrow = await kit.keyCaller(accountId, ['pets:read', 'keys:manage']);
  const wide = await kit.keyService.createKey(operatorOn(accountId), { scopes: ['pets:read', 'pets:write'] });
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
    const above = { name: 'above', scopes: ['pets:read' as const], rateLimit: TEST_MAX_RATE_LIMIT + 1 };
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
    const { management, narrow, wide, keyService, accountId } = await setup();
    const reader = await keyService.createKey(operatorOn(accountId), { scopes: ['pets:read'] });
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
      { scopes: ['pets:read', 'keys:manage'] as Scope[] },
      { scopes: ['keys:manage'] as Scope[] },
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

const MINUTE_MS = 60_000;

/** An account with a management key that expires in an hour, limited to 5 operations per window, and its owner. */
const bounded = async () => {
  const kit = testKeyManagement();
  const accountId = await kit.account();
  const inMinutes = (minutes: number) => new Date(kit.clock.now().getTime() + minutes * MINUTE_MS);
  const end = inMinutes(60);
  const caller = await kit.keyCaller(accountId, ['pets:read', 'keys:manage'], { expiresAt: end.toISOString(), rateLimit: 5 });
  const owner = await kit.person(accountId);
  /** A key within the caller's life and pace, and one that outlives it at the account's pace. */
  const within = await kit.keyService.createKey(operatorOn(accountId), {
    scopes: ['pets:read'],
    expiresAt: inMinutes(30).toISOString(),
    rateLimit: 5,
  });
  const lasting = await kit.keyService.createKey(operatorOn(accountId), { scopes: ['pets:read'] });
  return { ...kit, accountId, caller, owner, end, inMinutes, within, lasting };
};

describe('containment in time and rate', () => {
  it('refuses a key that outlives its creator (no expiry, or a later one), saying the latest expiry allowed', async () => {
    const { management, caller, end, inMinutes, audit } = await bounded();
    const recorded = audit.records.length;
    for (const expiresAt of [undefined, null, inMinutes(61).toISOString()]) {
      await expect(management.createKey(caller, { name: 'long', scopes: ['pets:read'], expiresAt, rateLimit: 5 }, FROM)).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining(`the latest expiry it may give is ${end.toISOString()}`),
      });
    }
    expect(audit.records.length).toBe(recorded);
    const made = await management.createKey(caller, { name: 'brief', scopes: ['pets:read'], expiresAt: end.toISOString(), rateLimit: 5 }, FROM);
    expect(made.expiresAt).toEqual(end);
  });

  it("refuses a key faster than its creator, or with no limit of its own (the account's, faster still)", async () => {
    const { management, caller, inMinutes } = await bounded();
    const expiresAt = inMinutes(30).toISOString();
    for (const rateLimit of [6, null, undefined]) {
      await expect(management.createKey(caller, { name: 'fast', scopes: ['pets:read'], expiresAt, rateLimit }, FROM)).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('give a rateLimit of at most 5'),
      });
    }
    expect((await management.createKey(caller, { name: 'slow', scopes: ['pets:read'], expiresAt, rateLimit: 4 }, FROM)).rateLimit).toBe(4);
  });

  it('lets a key without expiry or limit of its own give any expiry, and the limit the account allows', async () => {
    const kit = testKeyManagement();
    const accountId = await kit.account();
    const caller = await kit.keyCaller(accountId, ['pets:read', 'keys:manage']);
    const made = await kit.management.createKey(caller, { name: 'forever', scopes: ['keys:manage'], rateLimit: TEST_MAX_RATE_LIMIT }, FROM);
    expect(made).toMatchObject({ expiresAt: null, rateLimit: TEST_MAX_RATE_LIMIT });
    expect((await kit.management.createKey(caller, { name: 'default', scopes: ['pets:read'] }, FROM)).rateLimit).toBeNull();
  });

  it('refuses to change or roll a key that outlives or outruns its changer, or to raise a limit above its own', async () => {
    const { management, caller, within, lasting } = await bounded();
    for (const refused of [
      management.updateKey(caller, lasting.id, { name: 'renamed' }, FROM),
      management.updateKey(caller, lasting.id, { rateLimit: 5 }, FROM),
      management.updateKey(caller, within.id, { rateLimit: 6 }, FROM),
      management.updateKey(caller, within.id, { rateLimit: null }, FROM),
      management.rollKey(caller, lasting.id, { overlapSeconds: 0 }, FROM),
    ]) {
      await expect(refused).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect((await management.updateKey(caller, within.id, { name: 'renamed', rateLimit: 2 }, FROM)).rateLimit).toBe(2);
    const rolled = await management.rollKey(caller, within.id, { overlapSeconds: 60 }, FROM);
    expect(rolled.key).toMatchObject({ expiresAt: within.expiresAt, rateLimit: 2, createdBy: `key:${caller.keyId}` });
  });

  it("never lets a roll's old key outlive the caller: the old key stops at its expiry whatever the overlap", async () => {
    const { management, caller, within, end } = await bounded();
    const rolled = await management.rollKey(caller, within.id, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS }, FROM);
    expect(rolled.replaced).toMatchObject({ state: 'rolled', until: within.expiresAt });
    expect(rolled.replaced.until?.getTime()).toBeLessThan(end.getTime());
    // Rolling itself gives its replacement its own life and pace, no more.
    const self = await management.rollKey(caller, caller.keyId, {}, FROM);
    expect(self.key).toMatchObject({ expiresAt: end, rateLimit: 5 });
    expect(self.replaced.until).toEqual(end);
  });

  it('judges a rolled key by the end of its overlap, sooner than its expiry', async () => {
    const { management, keyService, caller, owner, inMinutes } = await bounded();
    await management.rollKey(owner, caller.keyId, { overlapSeconds: 10 * 60 }, FROM);
    const refused = management.createKey(caller, { name: 'x', scopes: ['pets:read'], expiresAt: inMinutes(30).toISOString(), rateLimit: 5 }, FROM);
    await expect(refused).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining(`the latest expiry it may give is ${inMinutes(10).toISOString()}`),
    });
    expect(await keyService.listKeys(operatorOn(caller.accountId))).toHaveLength(4);
  });

  it("bounds a person only by the account's limit, and every roll's overlap, a person's and a key's alike", async () => {
    const { management, owner, caller, within, lasting, accountId } = await bounded();
    const made = await management.createKey(owner, { name: 'forever', scopes: ['keys:manage'], rateLimit: TEST_MAX_RATE_LIMIT }, FROM);
    expect(made).toMatchObject({ expiresAt: null, rateLimit: TEST_MAX_RATE_LIMIT });
    const tooLong = { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS + 1 };
    for (const [who, keyId] of [
      [owner, lasting.id],
      [caller, within.id],
      [caller, caller.keyId],
    ] as const) {
      await expect(management.rollKey(who, keyId, tooLong, FROM)).rejects.toMatchObject({
        code: 'invalid_request',
        message: `overlapSeconds: must be a whole number of seconds from 0 to ${MAX_ROLL_OVERLAP_SECONDS} (30 days)`,
      });
    }
    const rolled = await management.rollKey(owner, lasting.id, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS }, FROM);
    expect(rolled.replaced.state).toBe('rolled');
    expect((await management.listKeys(owner)).every((key) => key.accountId === accountId)).toBe(true);
  });
});
