import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMessage } from './testing/next-message.js';
import { invitation } from './testing/people-records.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const WORKER = fileURLToPath(new URL('./testing/accept-invitation-worker.mjs', import.meta.url));
const PROCESSES = 2;
const CALLS_PER_PROCESS = 50;
const ROUNDS = 10;

type Outcome = { ok: true; won: number } | { ok: false; code: string; message: string };

describe.skipIf(!mongodbUri)(`${PROCESSES} processes accepting one invitation at the same instant`, () => {
  let database: TestDatabase;
  let workers: ChildProcess[];

  beforeAll(async () => {
    database = await connectTestDatabase();
    workers = Array.from({ length: PROCESSES }, () => fork(WORKER, [mongodbUri ?? '', database.db.databaseName, String(CALLS_PER_PROCESS)]));
    await Promise.all(workers.map((worker) => nextMessage(worker)));
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.send('stop');
    await database.drop();
  });

  it(`lets exactly one of ${PROCESSES * CALLS_PER_PROCESS} calls accept it, and records that call's instant, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await database.people.insertInvitation(invitation(`inv_${round}`));
      const outcomes = workers.map((worker) => nextMessage<Outcome>(worker));
      // Each process accepts at an instant of its own, so the stored one tells which process won.
      workers.forEach((worker, i) => worker.send({ invitationId: `inv_${round}`, at: new Date(Date.UTC(2026, 2, 2, 0, 0, i)).toISOString() }));
      const results = await Promise.all(outcomes);

      expect(
        results.every((result) => result.ok),
        `round ${round}: ${JSON.stringify(results)}`,
      ).toBe(true);
      const wins = results.map((result) => (result.ok ? result.won : 0));
      expect(
        wins.reduce((sum, won) => sum + won, 0),
        `round ${round}`,
      ).toBe(1);
      const winner = wins.indexOf(1);
      expect((await database.people.getInvitation(`inv_${round}`))?.acceptedAt, `round ${round}`).toEqual(
        new Date(Date.UTC(2026, 2, 2, 0, 0, winner)),
      );
    }
  }, 180_000);
});
