import {
  AccountService,
  KeyManagementService,
  KeyService,
  KeyTags,
  operatorOn,
  newKeyTagSecret,
  systemClock,
  whyKeyRefused,
  type ManagementCaller,
} from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const CONCURRENT = 10;
const ROUNDS = 6;
const FROM = { clientAddress: '198.51.100.4' };

/** What each of the concurrent calls got: its answer, or its error's code and message. */
const settle = async <T>(calls: Array<Promise<T>>) =>
  (await Promise.allSettled(calls)).map((outcome) =>
    outcome.status === 'fulfilled'
      ? { ok: true as const, value: outcome.value }
      : { ok: false as const, error: outcome.reason as { code: string; message: string } },
  );

describe.skipIf(!mongodbUri)(`${CONCURRENT} concurrent management calls on one key, through the key management service on MongoDB`, () => {
  let database: TestDatabase;
  let accounts: AccountService;
  let keyService: KeyService;
  let management: KeyManagementService;

  beforeAll(async () => {
    database = await connectTestDatabase();
    const { keys, people, audit, keyClaims: claims } = database;
    accounts = new AccountService({ keys, audit, clock: systemClock, actor: 'test' });
    keyService = new KeyService({
      keys,
      audit,
      claims,
      clock: systemClock,
      actor: 'test',
      keyTags: new KeyTags([newKeyTagSecret()]),
      maxRateLimit: null,
    });
    management = new KeyManagementService({ keyService, keys, people, audit, clock: systemClock });
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  /** A new account and a management key of it that holds the pet scopes too. */
  const managerOfNewAccount = async (name: string): Promise<ManagementCaller & { kind: 'key' }> => {
    const account = await accounts.createAccount(name);
    const key = await keyService.createKey(operatorOn(account.id), { scopes: ['pets:read', 'pets:write', 'keys:manage'] });
    return { kind: 'key', keyId: key.id, accountId: account.id, scopes: key.scopes };
  };

  it(`leaves exactly one live replacement of a key rolled ${CONCURRENT} times at once, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const caller = await managerOfNewAccount(`roll round ${round}`);
      const old = await management.createKey(caller, { name: 'deploy' }, FROM);
      const outcomes = await settle(Array.from({ length: CONCURRENT }, () => management.rollKey(caller, old.id, { overlapSeconds: 600 }, FROM)));

      const won = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      expect(
        outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error.code])),
        `round ${round}`,
      ).toEqual(Array(CONCURRENT - 1).fill('conflict'));
      const now = new Date();
      const replacements = (await database.keys.listKeys(caller.accountId)).filter((key) => key.id !== old.id && key.id !== caller.keyId);
      expect(
        replacements.filter((key) => whyKeyRefused(key, now) === undefined).map((key) => key.id),
        `round ${round}`,
      ).toEqual([won[0]?.key.id]);
      expect((await management.getKey(caller, old.id)).replacedBy, `round ${round}`).toBe(won[0]?.key.id);
      const listed = await management.listKeys(caller);
      expect(listed.map((key) => key.id).sort(), `round ${round}: no pending replacement is listed`).toEqual(
        [caller.keyId, old.id, won[0]?.key.id].sort(),
      );
      const rolled = await management.listAuditRecords(caller, { action: 'key.rolled' });
      expect(
        rolled.records.map((record) => [record.keyId, record.actor]),
        `round ${round}`,
      ).toEqual([[old.id, `key:${caller.keyId}`]]);
    }
  }, 180_000);

  it(`makes exactly one key of ${CONCURRENT} concurrent createKey calls with one Idempotency-Key, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const caller = await managerOfNewAccount(`create round ${round}`);
      const context = { ...FROM, idempotencyKey: `create-round-${round}` };
      const outcomes = await settle(
        Array.from({ length: CONCURRENT }, () => management.createKey(caller, { name: 'ci', scopes: ['pets:read'] }, context)),
      );

      const won = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      const refused = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error]));
      expect(
        refused.map((error) => error.code),
        `round ${round}`,
      ).toEqual(Array(CONCURRENT - 1).fill('conflict'));
      // Each refusal names the key made (whether or not it was written yet when it was answered), never a secret.
      for (const error of refused) {
        expect(error.message).toContain(won[0]?.id);
        expect(error.message).not.toContain(won[0]?.key);
      }
      const made = (await database.keys.listKeys(caller.accountId)).filter((key) => key.id !== caller.keyId);
      expect(
        made.map((key) => key.id),
        `round ${round}`,
      ).toEqual([won[0]?.id]);
      const created = await management.listAuditRecords(caller, { action: 'key.created' });
      expect(
        created.records.map((record) => record.keyId),
        `round ${round}`,
      ).toEqual([won[0]?.id, caller.keyId]);
      // Once made, a retry is told the key was created and its secret shown once.
      await expect(management.createKey(caller, { name: 'ci', scopes: ['pets:read'] }, context)).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining(`already created key ${won[0]?.id}`),
      });
    }
  }, 180_000);
});
