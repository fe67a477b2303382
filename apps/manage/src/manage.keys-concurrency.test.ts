import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byKey, bySession, issuedKey, signedUpOwner, type Send } from './testing/management-callers.js';
import { startManage, STORES } from './testing/start-manage.js';

const CONCURRENT = 10;
const REPEATS = 5;
const mongo = STORES.find((store) => store.uri !== null);

/** Keys of the account, as its owner lists them. */
async function keysOf(send: Send): Promise<Array<{ id: string; name: string | null; state: string; replacedBy: string | null }>> {
  const listed = await send('GET', '/keys');
  expect(listed.status).toBe(200);
  return (listed.body as { keys: Array<{ id: string; name: string | null; state: string; replacedBy: string | null }> }).keys;
}

// Real requests at once against FerretDB, over HTTP, each race run again and again.
describe.skipIf(!mongo?.uri)('concurrent key changes over HTTP, on MongoDB', { timeout: 120_000 }, () => {
  let service: RunningService;
  let owner: Send;
  let manager: Send;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: mongo?.uri ?? null, env: { PETSTORE_RATE_LIMIT: '10000' } });
    owner = bySession((await signedUpOwner(service.baseUrl, 'Races')).browser);
    manager = byKey(service.baseUrl, (await issuedKey(owner, { name: 'ci', scopes: ['keys:manage', 'pets:read'] })).key);
  });
  afterAll(async () => {
    await service?.close();
  });

  it(`rolls one key ${CONCURRENT} times at once: exactly one 200 with one live replacement, the others 409`, async () => {
    for (let round = 0; round < REPEATS; round += 1) {
      const target = await issuedKey(manager, { name: `rolled ${round}`, scopes: ['pets:read'] });
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => manager('POST', `/keys/${target.id}/roll`, { overlapSeconds: 60 })));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}: ${answers.map((answer) => answer.text).join('\n')}`).toEqual([
        200,
        ...Array<number>(CONCURRENT - 1).fill(409),
      ]);
      const winner = answers.find((answer) => answer.status === 200)?.body as { key: { id: string }; replaced: { id: string } };
      for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toMatchObject({ code: 'conflict', status: 409 });
      const keys = await keysOf(owner);
      const lineage = keys.filter((key) => key.name === `rolled ${round}`);
      expect(lineage.map((key) => key.id).sort(), 'the old key and one replacement, no other').toEqual([target.id, winner.key.id].sort());
      expect(lineage.find((key) => key.id === target.id)).toMatchObject({ state: 'rolled', replacedBy: winner.key.id });
      expect(lineage.find((key) => key.id === winner.key.id)).toMatchObject({ state: 'active', replacedBy: null });
    }
  });

  it(`creates one key from ${CONCURRENT} concurrent createKey with one Idempotency-Key`, async () => {
    for (let round = 0; round < REPEATS; round += 1) {
      const name = `idempotent ${round} ${Date.now()}`;
      const headers = { 'Idempotency-Key': `create-${round}-${Date.now()}` };
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => manager('POST', '/keys', { name, scopes: ['pets:read'] }, headers)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, answers.map((answer) => answer.text).join('\n')).toEqual([201, ...Array<number>(CONCURRENT - 1).fill(409)]);
      const created = answers.find((answer) => answer.status === 201)?.body as { id: string };
      // The others are told which key the request made, never its secret.
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body).toMatchObject({ code: 'conflict', status: 409 });
        expect(refused.text).not.toMatch(/psk_/);
      }
      const made = (await keysOf(owner)).filter((key) => key.name === name);
      expect(made.map((key) => key.id)).toEqual([created.id]);
    }
  });
});
