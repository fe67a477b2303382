import { operatorOn } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueName } from '@petstore/testing';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorAt, DOOR_NAMES, type Answer, type AnswerValue, type DoorName } from '../testing/doors/doors.js';
import { spawnGateway, type GatewayProcess } from '../ops/testing/gateway-process.js';

const mongodbUri = inject('mongodbUri');
const INSTANCES = 3;
const WORKERS_PER_INSTANCE = 6;
const REQUESTS_PER_WORKER = 100;
/** The limited key's own budget for the day: the instances together refuse the rest of its calls with 429. */
const LIMITED_BUDGET = 60;

/** The outcome a client reads from a status, as docs/usage.md defines them. */
function outcomeOf(status: number): string {
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return status >= 400 ? 'client_error' : 'served';
}

describe.skipIf(!mongodbUri)('usage metered by three gateway processes on one database', () => {
  const env = {
    MONGODB_URI: mongodbUri ?? '',
    MONGODB_DB: uniqueName('petstore_usage'),
    PETSTORE_ENV: 'production',
    PETSTORE_RATE_WINDOW_SECONDS: '86400',
    PETSTORE_METRICS_TOKEN: 'metrics-token-0123456789',
    // Exactness is what is tested, not the deadline, on a machine four processes and the database share.
    MONGODB_TIMEOUT_MS: '15000',
  };
  /** A fourth instance, in this process, through which the operator makes keys and reads the buckets. */
  let local: TestGateway;
  let gateways: GatewayProcess[] = [];

  beforeAll(async () => {
    local = await startTestGateway({ mongodbUri: mongodbUri ?? null, env });
    gateways = await Promise.all(Array.from({ length: INSTANCES }, () => spawnGateway({ ...env, PETSTORE_SHUTDOWN_DRAIN_SECONDS: '0' })));
  }, 60_000);

  afterAll(async () => {
    await local?.close();
    for (const gateway of gateways) gateway.child.kill('SIGTERM');
  });

  it('sums, after each instance flushed on shutdown, to exactly the requests answered, per key, operation, door and outcome', async () => {
    const { accounts, keys: keyService } = local.runtime;
    const account = await accounts.createAccount('usage exactness');
    const full = await keyService.createKey(operatorOn(account.id), { name: 'full' });
    const writeOnly = await keyService.createKey(operatorOn(account.id), { name: 'write only', scopes: ['pets:write'] });
    const limited = await keyService.createKey(operatorOn(account.id), { name: 'limited', rateLimit: LIMITED_BUDGET });
    const created = await doorAt(gateways[0]?.baseUrl ?? '', 'rest').create({ key: full.key }, { name: 'Counted', categoryId: 7 });
    const petId = created.ids[0] ?? 0;
    const answered = new Map<string, number>([[`${full.id} createPet rest ${outcomeOf(created.status)}`, 1]]);

    // Mixed calls: served lists and reads, a read of a pet that does not exist (404), a list without
    // the scope (403), and a limited key's lists past its budget (429), through every door and instance.
    const calls = [
      { key: full, operation: 'listPets', call: (door: DoorName, baseUrl: string) => doorAt(baseUrl, door).page({ key: full.key }) },
      { key: full, operation: 'getPet', call: (door: DoorName, baseUrl: string) => doorAt(baseUrl, door).get({ key: full.key }, petId) },
      { key: full, operation: 'getPet', call: (door: DoorName, baseUrl: string) => doorAt(baseUrl, door).get({ key: full.key }, 987_654_321) },
      { key: writeOnly, operation: 'listPets', call: (door: DoorName, baseUrl: string) => doorAt(baseUrl, door).page({ key: writeOnly.key }) },
      { key: limited, operation: 'listPets', call: (door: DoorName, baseUrl: string) => doorAt(baseUrl, door).page({ key: limited.key }) },
    ];
    const worker = async (baseUrl: string, seed: number): Promise<void> => {
      for (let n = 0; n < REQUESTS_PER_WORKER; n += 1) {
        const picked = calls[(seed + n) % calls.length];
        if (picked === undefined) throw new Error('no call to make');
        const { key, operation, call } = picked;
        const door = DOOR_NAMES[(seed + n * 7) % DOOR_NAMES.length] ?? 'rest';
        const answer: Answer<AnswerValue> = await call(door, baseUrl);
        const line = `${key.id} ${operation} ${door} ${outcomeOf(answer.status)}`;
        answered.set(line, (answered.get(line) ?? 0) + 1);
      }
    };
    await Promise.all(
      gateways.flatMap((gateway, instance) =>
        Array.from({ length: WORKERS_PER_INSTANCE }, (_, worker_) => worker(gateway.baseUrl, instance * WORKERS_PER_INSTANCE + worker_)),
      ),
    );
    const total = [...answered.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(INSTANCES * WORKERS_PER_INSTANCE * REQUESTS_PER_WORKER + 1);
    // Every kind of outcome the test means to provoke was provoked.
    const outcomes = new Set([...answered.keys()].map((line) => line.split(' ')[3]));
    expect(outcomes).toEqual(new Set(['served', 'client_error', 'forbidden', 'rate_limited']));

    for (const gateway of gateways) gateway.child.kill('SIGTERM');
    expect(await Promise.all(gateways.map((gateway) => gateway.exited))).toEqual(gateways.map(() => 0));

    for (const granularity of ['hour', 'day'] as const) {
      const usage = await local.runtime.usage.usageOfAccount(account.id, { granularity, from: new Date(Date.now() - 2 * 86_400_000).toISOString() });
      const counted = new Map<string, number>();
      for (const row of usage.rows) {
        for (const [outcome, count] of Object.entries(row.outcomes)) {
          if (count === 0) continue;
          const line = `${row.keyId} ${row.operation} ${row.door} ${outcome}`;
          counted.set(line, (counted.get(line) ?? 0) + count);
        }
      }
      expect(Object.fromEntries([...counted].sort()), granularity).toEqual(Object.fromEntries([...answered].sort()));
    }
  }, 240_000);
});
