import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditCollection } from './collections.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

describe.skipIf(!mongodbUri)('MongoAuditLog and records written before the trail named client and person', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('reads a record without clientAddress and personId as the command line’s, about no person', async () => {
    const at = new Date('2025-06-01T00:00:00.000Z');
    const changes = { scopes: { from: ['pets:read', 'pets:write'], to: ['pets:read'] } };
    await auditCollection(database.db).insertOne({
      _id: 'aud_old',
      at,
      actor: 'ops',
      action: 'key.updated',
      accountId: 'acc_1',
      keyId: 'key_1',
      changes,
    });
    expect(await database.audit.list({ accountId: 'acc_1' })).toStrictEqual([
      { id: 'aud_old', at, actor: 'ops', clientAddress: null, action: 'key.updated', accountId: 'acc_1', keyId: 'key_1', personId: null, changes },
    ]);
  });
});
