import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextMessage } from './testing/next-message.js';
import { connectTestDatabase, mongodbUri, type TestDatabase } from './testing/test-database.js';

const WORKER = fileURLToPath(new URL('./testing/create-pets-worker.mjs', import.meta.url));
const PETS_PER_PROCESS = 500;
// Small blocks make the two processes race for block claims hundreds of times.
const ID_BLOCK_SIZE = 7;

describe.skipIf(!mongodbUri)('two processes creating pets on one database', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await connectTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it(`gives ${2 * PETS_PER_PROCESS} concurrent creates distinct ids, and every pet is listed`, async () => {
    const args = [mongodbUri ?? '', database.db.databaseName, String(PETS_PER_PROCESS), String(ID_BLOCK_SIZE)];
    const workers = [fork(WORKER, args), fork(WORKER, args)];
    await Promise.all(workers.map((worker) => nextMessage(worker)));
    const results = workers.map((worker) => nextMessage<{ ids: number[] }>(worker));
    for (const worker of workers) worker.send('go');
    const ids = (await Promise.all(results)).flatMap((result) => result.ids);

    expect(ids).toHaveLength(2 * PETS_PER_PROCESS);
    expect(new Set(ids).size).toBe(ids.length);

    const listed: number[] = [];
    for (let afterId: number | undefined; ;) {
      const page = await database.pets.list({ limit: 100, afterId });
      listed.push(...page.map((pet) => pet.id));
      if (page.length < 100) break;
      afterId = page.at(-1)?.id;
    }
    expect(listed).toEqual([...ids].sort((a, b) => a - b));
  }, 120_000);
});
