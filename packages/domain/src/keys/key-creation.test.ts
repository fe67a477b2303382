import { describe, expect, it } from 'vitest';
import { FROM, testKeyManagement } from '../testing/test-key-management.js';
import { MAX_KEYS_PER_ACCOUNT } from './account-limits.js';
import { operatorOn } from './callers.js';

const setup = async () => {
  const kit = testKeyManagement();
  const accountId = await kit.account();
  return { ...kit, accountId, owner: await kit.person(accountId) };
};

const once = (idempotencyKey: string) => ({ ...FROM, idempotencyKey });

describe('createKey with an Idempotency-Key', () => {
  it('creates the key once; the same request again is told which key it made and that its secret was shown once', async () => {
    const { management, owner, keys } = await setup();
    const body = { name: 'ci', scopes: ['pets:read' as const, 'pets:write' as const] };
    const created = await management.createKey(owner, body, once('req-1'));
    expect(created.key).toMatch(/^psk_/);
    const retry = management.createKey(owner, { scopes: ['pets:write', 'pets:read'], name: 'ci' }, once('req-1'));
    await expect(retry).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining(`already created key ${created.id}`) });
    await expect(retry).rejects.toMatchObject({ message: expect.stringContaining('shown once') });
    await expect(retry).rejects.not.toMatchObject({ message: expect.stringContaining(created.key) });
    expect(keys.keys.size).toBe(1);
  });

  it('refuses the key with another body, as for a pet', async () => {
    const { management, owner, keys } = await setup();
    await management.createKey(owner, { name: 'ci' }, once('req-1'));
    await expect(management.createKey(owner, { name: 'other' }, once('req-1'))).rejects.toMatchObject({
      code: 'conflict',
      message: 'Idempotency-Key: was already used with a different request; use a new key for a new API key',
    });
    expect(keys.keys.size).toBe(1);
  });

  it('says the first request may still be running, or failed, when the key its claim names does not exist', async () => {
    const { management, owner, keys } = await setup();
    const first = await management.createKey(owner, { name: 'ci' }, once('req-1'));
    // As if the first request had claimed the Idempotency-Key and then failed before writing its key.
    keys.keys.delete(first.id);
    await expect(management.createKey(owner, { name: 'ci' }, once('req-1'))).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`is creating key ${first.id}, or failed before it could`),
    });
  });

  it('leaves the Idempotency-Key free after a refused request', async () => {
    const { management, owner, keyCaller, accountId } = await setup();
    const narrow = await keyCaller(accountId, ['pets:read', 'keys:manage']);
    await expect(management.createKey(narrow, { name: 'ci', scopes: ['pets:write'] }, once('req-1'))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(management.createKey(owner, { name: '' }, once('req-1'))).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await management.createKey(narrow, { name: 'ci', scopes: ['pets:read'] }, once('req-1'))).name).toBe('ci');
  });

  it('keeps the Idempotency-Keys of two accounts apart', async () => {
    const { management, owner, person, account } = await setup();
    const other = await person(await account('Other'));
    await management.createKey(owner, { name: 'ci' }, once('req-1'));
    expect((await management.createKey(other, { name: 'ci' }, once('req-1'))).key).toMatch(/^psk_/);
  });

  it('refuses an Idempotency-Key that is not 1 to 255 printable characters, as the pet doors do', async () => {
    const { management, owner } = await setup();
    for (const key of ['', 'has space', 'x'.repeat(256)]) {
      await expect(management.createKey(owner, { name: 'ci' }, once(key))).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('Idempotency-Key'),
      });
    }
  });
});

describe('the account’s most keys', () => {
  it(`refuses key ${MAX_KEYS_PER_ACCOUNT + 1} with 409 while ${MAX_KEYS_PER_ACCOUNT} are live; revoked and expired ones make room`, async () => {
    const { management, owner, keyService, accountId, advance } = await setup();
    const first = await keyService.createKey(operatorOn(accountId), { expiresAt: '2026-06-02T00:00:00.000Z' });
    const second = await keyService.createKey(operatorOn(accountId));
    for (let n = 2; n < MAX_KEYS_PER_ACCOUNT; n += 1) await keyService.createKey(operatorOn(accountId));
    await expect(management.createKey(owner, { name: 'one more' }, FROM)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`its most (${MAX_KEYS_PER_ACCOUNT})`),
    });
    await management.revokeKey(owner, second.id, FROM);
    await management.createKey(owner, { name: 'in its place' }, FROM);
    await expect(management.createKey(owner, { name: 'one more' }, FROM)).rejects.toMatchObject({ code: 'conflict' });
    advance(24 * 60 * 60 * 1000);
    expect((await management.getKey(owner, first.id)).state).toBe('expired');
    expect((await management.createKey(owner, { name: 'after expiry' }, FROM)).name).toBe('after expiry');
  });
});
