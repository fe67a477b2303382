import { setTimeout as sleep } from 'node:timers/promises';
import { hasGo, startFerretDB, type TestDatabaseServer } from '@petstore/testdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPet, DOORS, listAll, listPets, type DoorName, type Outcome } from './testing/doors.js';
import { startOpsGateway, type OpsGateway } from './testing/ops-gateway.js';

// This test stops and restarts a database of its own, which needs FerretDB (so Go).
const go = await hasGo();
const TIMEOUT_MS = 1000;

interface Observed {
  door: DoorName;
  kind: 'create' | 'list';
  outcome: Outcome;
  ms: number;
}

describe.skipIf(!go)('a database outage in the middle of a load', () => {
  let db: TestDatabaseServer;
  let gw: OpsGateway;
  beforeAll(async () => {
    db = await startFerretDB();
    gw = await startOpsGateway({ mongodbUri: db.uri, env: { MONGODB_TIMEOUT_MS: String(TIMEOUT_MS), PETSTORE_RATE_LIMIT: '0' } });
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
    await db?.dispose();
  });

  const readyStatus = async () => (await fetch(`${gw.baseUrl}/readyz`)).status;

  it('answers 503 with Retry-After in bounded time, fails /readyz, recovers by itself and loses no created pet', async () => {
    const observed: Observed[] = [];
    let running = true;
    const worker = async (door: DoorName, offset: number): Promise<void> => {
      for (let n = offset; running; n += 1) {
        const kind = n % 2 === 0 ? 'create' : 'list';
        const started = performance.now();
        const outcome =
          kind === 'create'
            ? await createPet(gw.baseUrl, door, gw.apiKey, { name: `Outage ${door} ${n}`, categoryId: 5 })
            : await listPets(gw.baseUrl, door, gw.apiKey);
        observed.push({ door, kind, outcome, ms: performance.now() - started });
      }
    };
    const load = Promise.all(DOORS.flatMap((door) => [worker(door, 0), worker(door, 1)]));

    await sleep(400);
    await db.stop();
    await expect.poll(readyStatus, { timeout: 5000, interval: 100 }).toBe(503);
    await sleep(1500);
    await db.start();
    await expect.poll(readyStatus, { timeout: 15_000, interval: 200 }).toBe(200);
    const recovered = observed.length;
    await sleep(600);
    running = false;
    await load;

    // Nothing the doors had to mask as an internal error; the messages say what it was if there was.
    const unexpected = gw.logLines.filter((line) => line.includes('"msg":"unexpected error'));
    expect(unexpected.map((line) => (JSON.parse(line) as { err?: { message?: string } }).err?.message)).toEqual([]);
    const failures = observed.filter(({ outcome }) => outcome.status >= 400);
    const afterRecovery = observed.slice(recovered);
    expect(failures.length, 'the load met the outage').toBeGreaterThan(0);
    expect(afterRecovery.filter(({ outcome }) => outcome.status < 400).length, 'and served again after it').toBeGreaterThan(0);
    for (const { door, kind, outcome, ms } of observed) {
      const what = `${kind} through ${door}: ${outcome.status} ${JSON.stringify(outcome.body)}`;
      expect([200, 201, 503], what).toContain(outcome.status);
      expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(TIMEOUT_MS * 4);
      if (outcome.status === 503) {
        expect(outcome.errorCode?.toLowerCase(), what).toBe('service_unavailable');
        expect(Number(outcome.headers.get('retry-after')), what).toBeGreaterThan(0);
      }
      expect(outcome.errorCode, what).not.toBe('INTERNAL_SERVER_ERROR');
    }

    const created = observed.filter(({ kind, outcome }) => kind === 'create' && outcome.status < 400).flatMap(({ outcome }) => outcome.ids);
    expect(new Set(created).size).toBe(created.length);
    for (const door of DOORS) {
      const listed = await listAll(gw.baseUrl, door, gw.apiKey);
      expect(new Set(listed).size, `${door} lists each pet once`).toBe(listed.length);
      const missing = created.filter((id) => !listed.includes(id));
      expect(missing, `${door} lists every pet whose creation was answered`).toEqual([]);
    }

    const metrics = await (await fetch(`${gw.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^petstore_database_errors_total\{operation="[a-z]+\.[A-Za-z]+",code="service_unavailable"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^petstore_http_requests_total\{door="graphql",operation="[a-zA-Z+]+",status="503"\} [1-9]/m);
  }, 60_000);
});
