import { createAuthenticator, hashApiKey, KeyTags, newKeyTagSecret } from '@petstore/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsCollection, apiKeysCollection } from './collections.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoKeyStore and keys stored before scopes existed', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  const key = 'psk_stored-before-scopes-0123456789';
  const keyTags = new KeyTags([newKeyTagSecret()]);
  const storeOldKey = () =>
    apiKeysCollection(database.db).insertOne({
      _id: 'key_old',
      accountId: 'acc_old',
      hash: hashApiKey(key),
      prefix: key.slice(0, 10),
      createdAt: new Date('2025-01-01T00:00:00.000Z'),
      revokedAt: null,
    });

  it('reads a key document without the newer fields as no name, every scope, no expiry, the default limit, active and its own lineage', async () => {
    await storeOldKey();
    expect(await database.keys.getKey('key_old')).toMatchObject({
      name: null,
      scopes: ['pets:read', 'pets:write'],
      kind: 'secret',
      origins: [],
      createdBy: null,
      expiresAt: null,
      rateLimit: null,
      lastUsedAt: null,
      replacedBy: null,
      overlapEndsAt: null,
      rollPending: false,
      lineageId: 'key_old',
    });
    // Made before keys named their environment: accepted by production and test services alike.
    expect(await createAuthenticator(database.keys, { environment: 'live', keyTags })(`Bearer ${key}`)).toMatchObject({ keyId: 'key_old' });
    expect(await createAuthenticator(database.keys, { keyTags })(`Bearer ${key}`)).toEqual({
      accountId: 'acc_old',
      keyId: 'key_old',
      // Made before kinds existed: a secret key.
      kind: 'secret',
      scopes: ['pets:read', 'pets:write'],
      rateLimit: null,
      lineageId: 'key_old',
    });
  });

  it('reads an account document stored before suspension existed as not suspended, and suspends it like any other', async () => {
    const createdAt = new Date('2025-01-01T00:00:00.000Z');
    await accountsCollection(database.db).insertOne({ _id: 'acc_old', name: 'old', createdAt });
    await storeOldKey();
    expect(await database.keys.getAccount('acc_old')).toStrictEqual({ id: 'acc_old', name: 'old', createdAt, suspendedAt: null });
    expect((await createAuthenticator(database.keys, { keyTags })(`Bearer ${key}`)).keyId).toBe('key_old');
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(await database.keys.setAccountSuspension('acc_old', at)).toStrictEqual({ id: 'acc_old', name: 'old', createdAt, suspendedAt: at });
    await expect(createAuthenticator(database.keys, { keyTags })(`Bearer ${key}`)).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('suspended'),
    });
  });

  it('narrows, rolls and records the use of such a key like any other', async () => {
    await storeOldKey();
    await database.keys.updateKey('key_old', { scopes: ['pets:read'], name: 'legacy' });
    const overlapEndsAt = new Date('2026-01-02T00:00:00.000Z');
    await database.keys.replaceKey('key_old', { replacedBy: 'key_new', overlapEndsAt });
    await database.keys.recordKeyUse('key_old', new Date('2026-01-01T00:00:00.000Z'));
    expect(await database.keys.getKey('key_old')).toMatchObject({
      name: 'legacy',
      scopes: ['pets:read'],
      rateLimit: null,
      replacedBy: 'key_new',
      overlapEndsAt,
      lastUsedAt: new Date('2026-01-01T00:00:00.000Z'),
    });
  });
});
