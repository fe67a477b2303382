import { describe, expect, it } from 'vitest';
import { FROM, TEST_MAX_RATE_LIMIT, testKeyManagement } from '../testing/test-key-management.js';
import { operatorOn } from '../keys/callers.js';

describe('KeyManagementService reads', () => {
  it('gives the account with its limits and its people, never a hash', async () => {
    const { management, account, person } = testKeyManagement();
    const accountId = await account('Acme');
    const owner = await person(accountId);
    const member = await person(accountId, { role: 'member' });
    const view = await management.getAccount(owner);
    expect(view).toMatchObject({ id: accountId, name: 'Acme', suspendedAt: null, limits: { maxKeys: 100, maxRateLimit: TEST_MAX_RATE_LIMIT } });
    expect(view.people.map((each) => [each.person.id, each.role])).toEqual([
      [owner.personId, 'owner'],
      [member.personId, 'member'],
    ]);
    expect(JSON.stringify(view)).not.toContain('argon2');
  });

  it('lists the keys of the caller’s account only, with their state, never a hash nor a pending replacement', async () => {
    const { management, keyService, account, person, keys } = testKeyManagement();
    const mine = await account();
    const theirs = await account('Other');
    const owner = await person(mine);
    const first = await keyService.createKey(operatorOn(mine), { name: 'first' });
    await keyService.createKey(operatorOn(theirs), { name: 'theirs' });
    const pending = { ...(await keys.getKey(first.id))!, id: 'key_pending', hash: 'h', rollPending: true };
    await keys.insertKey(pending);
    const listed = await management.listKeys(owner);
    expect(listed.map((key) => key.name)).toEqual(['first']);
    expect(listed[0]).toMatchObject({ id: first.id, state: 'active', until: null, kind: 'secret', origins: [] });
    expect(listed[0]).not.toHaveProperty('hash');
    expect(listed[0]).not.toHaveProperty('rollPending');
    await expect(management.getKey(owner, 'key_pending')).rejects.toMatchObject({ code: 'not_found', message: 'key key_pending does not exist' });
  });

  it('lets a keys:read key and a keys:manage key read, and refuses a pet key with 403 naming the scope', async () => {
    const { management, account, keyCaller } = testKeyManagement();
    const accountId = await account();
    const reader = await keyCaller(accountId, ['keys:read']);
    const manager = await keyCaller(accountId, ['keys:manage']);
    const petKey = await keyCaller(accountId, ['pets:read', 'pets:write']);
    expect((await management.listKeys(reader)).length).toBe(3);
    expect((await management.getKey(manager, reader.keyId)).id).toBe(reader.keyId);
    for (const read of [
      () => management.listKeys(petKey),
      () => management.getKey(petKey, reader.keyId),
      () => management.getAccount(petKey),
      () => management.listAuditRecords(petKey, {}),
    ]) {
      await expect(read()).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('keys:read') });
    }
  });
});

describe('KeyManagementService changes', () => {
  it('refuses every change to a keys:read key with 403 naming keys:manage, changing nothing', async () => {
    const { management, account, keyCaller, audit } = testKeyManagement();
    const accountId = await account();
    const reader = await keyCaller(accountId, ['keys:read']);
    const recorded = audit.records.length;
    for (const change of [
      () => management.createKey(reader, { name: 'x', scopes: ['keys:read'] }, FROM),
      () => management.updateKey(reader, reader.keyId, { name: 'renamed' }, FROM),
      () => management.rollKey(reader, reader.keyId, {}, FROM),
      () => management.revokeKey(reader, reader.keyId, FROM),
    ]) {
      await expect(change()).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('keys:manage') });
    }
    expect(audit.records.length).toBe(recorded);
  });

  it('lets a person whose address is not verified read and revoke, but not create, change or roll keys', async () => {
    const { management, keyService, account, person } = testKeyManagement();
    const accountId = await account();
    const unverified = await person(accountId, { emailVerified: false });
    const key = await keyService.createKey(operatorOn(accountId));
    expect(await management.listKeys(unverified)).toHaveLength(1);
    for (const change of [
      () => management.createKey(unverified, { name: 'x' }, FROM),
      () => management.updateKey(unverified, key.id, { name: 'renamed' }, FROM),
      () => management.rollKey(unverified, key.id, {}, FROM),
    ]) {
      await expect(change()).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('verify your email address first') });
    }
    expect((await management.revokeKey(unverified, key.id, FROM)).state).toBe('revoked');
  });

  it('lets owners and members alike manage keys, recording who asked and from where', async () => {
    const { management, account, person, audit } = testKeyManagement();
    const accountId = await account();
    const member = await person(accountId, { role: 'member' });
    const created = await management.createKey(member, { name: 'ci' }, FROM);
    expect(created).toMatchObject({ name: 'ci', createdBy: `person:${member.personId}`, state: 'active', scopes: ['pets:read', 'pets:write'] });
    expect(created.key).toMatch(/^psk_/);
    const renamed = await management.updateKey(member, created.id, { name: 'ci-2' }, FROM);
    expect(renamed.name).toBe('ci-2');
    expect(audit.records.slice(-2).map((record) => [record.action, record.actor, record.clientAddress])).toEqual([
      ['key.created', `person:${member.personId}`, FROM.clientAddress],
      ['key.updated', `person:${member.personId}`, FROM.clientAddress],
    ]);
  });

  it('rolls a key: the new key’s secret once, the old one rolled until its overlap ends', async () => {
    const { management, account, person, advance } = testKeyManagement();
    const owner = await person(await account());
    const old = await management.createKey(owner, { name: 'deploy' }, FROM);
    const rolled = await management.rollKey(owner, old.id, { overlapSeconds: 3600 }, FROM);
    expect(rolled.key).toMatchObject({ name: 'deploy', state: 'active', createdBy: `person:${owner.personId}` });
    expect(rolled.key.key).toMatch(/^psk_/);
    expect(rolled.key.key).not.toBe(old.key);
    expect(rolled.replaced).toMatchObject({ id: old.id, state: 'rolled', replacedBy: rolled.key.id, until: new Date('2026-06-01T01:00:00.000Z') });
    expect(rolled.replaced).not.toHaveProperty('key');
    advance(3600 * 1000);
    expect((await management.getKey(owner, old.id)).state).toBe('expired');
    await expect(management.rollKey(owner, old.id, {}, FROM)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('answers not_found, never 403, for a key of another account or an unknown one, whatever the operation', async () => {
    const { management, keyService, account, person, keyCaller, audit } = testKeyManagement();
    const mine = await account();
    const theirs = await keyService.createKey(operatorOn(await account('Other')));
    const callers = [await person(mine), await keyCaller(mine, ['pets:read', 'pets:write', 'keys:manage'])];
    const recorded = audit.records.length;
    for (const caller of callers) {
      for (const keyId of [theirs.id, 'key_unknown']) {
        for (const operation of [
          () => management.getKey(caller, keyId),
          () => management.updateKey(caller, keyId, { name: 'mine now' }, FROM),
          () => management.rollKey(caller, keyId, {}, FROM),
          () => management.revokeKey(caller, keyId, FROM),
        ]) {
          await expect(operation()).rejects.toMatchObject({ code: 'not_found', message: `key ${keyId} does not exist` });
        }
      }
    }
    expect(audit.records.length).toBe(recorded);
    expect((await keyService.listKeys(operatorOn(theirs.accountId)))[0]).toMatchObject({ name: null, revokedAt: null, replacedBy: null });
  });
});
