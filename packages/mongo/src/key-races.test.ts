import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AccountService, KeyService, KeyTags, newKeyTagSecret, operatorOn, systemClock, whyKeyRefused } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMessage } from './testing/next-message.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const WORKER = fileURLToPath(new URL('./testing/key-change-worker.mjs', import.meta.url));
const PROCESSES = 5;
const ROUNDS = 10;

type Outcome = { ok: true; result: { id: string; key?: { id: string }; revokedAt?: string } } | { ok: false; code: string; message: string };

describe.skipIf(!mongodbUri)(`${PROCESSES} processes changing one key at the same instant`, () => {
  let database: TestDatabase;
  let workers: ChildProcess[];
  let accounts: AccountService;
  let keyService: KeyService;

  beforeAll(async () => {
    database = await connectTestDatabase();
    const { keys, audit, keyClaims: claims } = database;
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
    workers = Array.from({ length: PROCESSES }, () => fork(WORKER, [mongodbUri ?? '', database.db.databaseName]));
    await Promise.all(workers.map((worker) => nextMessage(worker)));
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.send('stop');
    await database.drop();
  });

  /** Sends one change to every worker at once and collects what each got. */
  const everyWorker = (action: 'roll' | 'revoke', keyId: string): Promise<Outcome[]> => {
    const outcomes = workers.map((worker) => nextMessage<Outcome>(worker));
    for (const worker of workers) worker.send({ action, keyId });
    return Promise.all(outcomes);
  };

  const auditActions = async (accountId: string, action: string) =>
    (await accounts.listAudit({ accountId })).filter((record) => record.action === action);

  it(`lets exactly one roll win, leaving one usable replacement and one key.rolled record, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const account = await accounts.createAccount(`roll round ${round}`);
      const old = await keyService.createKey(operatorOn(account.id));
      const outcomes = await everyWorker('roll', old.id);

      const won = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.result] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.code)).toEqual(Array(PROCESSES - 1).fill('conflict'));
      const now = new Date();
      const replacements = (await database.keys.listKeys(account.id)).filter((key) => key.id !== old.id);
      expect(
        replacements.filter((key) => whyKeyRefused(key, now) === undefined).map((key) => key.id),
        `round ${round}`,
      ).toEqual([won[0]?.key?.id]);
      expect((await database.keys.getKey(old.id))?.replacedBy).toBe(won[0]?.key?.id);
      expect(await auditActions(account.id, 'key.rolled'), `round ${round}`).toHaveLength(1);
    }
  }, 180_000);

  it(`lets exactly one revocation win, every process told the same instant and one key.revoked record, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const account = await accounts.createAccount(`revoke round ${round}`);
      const key = await keyService.createKey(operatorOn(account.id));
      const outcomes = await everyWorker('revoke', key.id);

      const instants = outcomes.map((outcome) => (outcome.ok ? outcome.result.revokedAt : outcome.code));
      const stored = (await database.keys.getKey(key.id))?.revokedAt?.toISOString();
      expect(stored).toBeDefined();
      expect(instants, `round ${round}`).toEqual(Array(PROCESSES).fill(stored));
      expect(await auditActions(account.id, 'key.revoked'), `round ${round}`).toHaveLength(1);
    }
  }, 180_000);
});
