import { fixedClock, OPERATOR, operatorOn } from '@petstore/domain';
import { uniqueName } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorAt, DOOR_NAMES, listAll, type Answer, type AnswerValue } from '../testing/doors/doors.js';
import { spawnGateway, type GatewayProcess } from './testing/gateway-process.js';

const mongodbUri = inject('mongodbUri');
const INSTANCES = 3;
const CREATES_PER_INSTANCE = 30;
/** Requests per key per window, enough for the id test's creates and lists with one key. */
const LIMIT = 300;
/** Leases are a fiftieth of the limit (LEASES_PER_WINDOW in @petstore/mongo). */
const LEASE_SIZE = Math.ceil(LIMIT / 50);
const KEY_CACHE_SECONDS = 2;

describe.skipIf(!mongodbUri)('three gateway processes on one database', () => {
  const dbName = uniqueName('petstore_scale');
  /** A fourth instance in this process, through which keys are made and revoked as an operator would. */
  let local: TestGateway;
  let gateways: GatewayProcess[] = [];
  const newKey = async (): Promise<{ id: string; key: string }> => {
    const account = await local.runtime.accounts.createAccount('scale test');
    return local.runtime.keys.createKey(operatorOn(account.id));
  };
  const env = {
    MONGODB_URI: mongodbUri ?? '',
    MONGODB_DB: dbName,
    PETSTORE_RATE_LIMIT: String(LIMIT),
    PETSTORE_RATE_WINDOW_SECONDS: '86400',
    PETSTORE_KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS),
    // Production, as a real deployment: the local instance issues the live keys the others accept.
    PETSTORE_ENV: 'production',
    PETSTORE_METRICS_TOKEN: 'metrics-token-0123456789',
    // What is tested is ids, budgets and revocation across instances, not the deadline: on a loaded
    // CI machine the default 3 s can pass while four processes and the database share two cores.
    MONGODB_TIMEOUT_MS: '15000',
  };

  beforeAll(async () => {
    local = await startTestGateway({ mongodbUri: mongodbUri ?? null, env });
    gateways = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        // No drain window on shutdown: no load balancer polls these instances.
        spawnGateway({
          ...env,
          PETSTORE_SHUTDOWN_DRAIN_SECONDS: '0',
        }),
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await local?.close();
    for (const gateway of gateways) gateway.child.kill('SIGTERM');
    const codes = await Promise.all(gateways.map((gateway) => gateway.exited));
    expect(codes).toEqual(gateways.map(() => 0));
  });

  it('gives every pet created concurrently through any instance and door a distinct id, visible from every instance', async () => {
    const { key } = await newKey();
    const answers = await Promise.all(
      gateways.flatMap((gateway, instance) =>
        Array.from({ length: CREATES_PER_INSTANCE }, (_, n) => {
          const door = DOOR_NAMES[(instance + n) % DOOR_NAMES.length] ?? 'rest';
          return doorAt(gateway.baseUrl, door).create({ key }, { name: `Scaled ${instance}-${n}`, categoryId: instance + 1 });
        }),
      ),
    );
    const ids = answers.map((answer) => {
      expect(answer.ids, JSON.stringify(answer.body)).toHaveLength(1);
      return answer.ids[0] ?? 0;
    });
    expect(new Set(ids).size).toBe(INSTANCES * CREATES_PER_INSTANCE);

    for (const [instance, gateway] of gateways.entries()) {
      const door = DOOR_NAMES[instance % DOOR_NAMES.length] ?? 'rest';
      const listed = await listAll(doorAt(gateway.baseUrl, door), { key });
      expect(listed.length, `instance ${instance} through ${door}`).toBe(ids.length);
      expect(new Set(listed)).toEqual(new Set(ids));
    }
  });

  it('shares one budget per key: the instances together admit at most the limit, and each 429 says when to retry', async () => {
    const { key } = await newKey();
    // Each instance alone is asked for half the budget, so together they ask for more than all of it,
    // a few requests at a time per instance (a real FerretDB under 450 lists at once would answer 503s).
    const answers: Answer<AnswerValue>[] = [];
    const worker = async (baseUrl: string, count: number): Promise<void> => {
      for (let n = 0; n < count; n += 1) answers.push(await doorAt(baseUrl, DOOR_NAMES[n % DOOR_NAMES.length] ?? 'rest').page({ key }));
    };
    await Promise.all(gateways.flatMap((gateway) => Array.from({ length: 5 }, () => worker(gateway.baseUrl, LIMIT / 2 / 5))));
    let admitted = answers.filter((answer) => answer.status === 200).length;
    const refused = answers.filter((answer) => answer.status === 429);
    const others = answers.filter((answer) => answer.status !== 200 && answer.status !== 429);
    expect(
      others.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`),
      'every answer is 200 or 429',
    ).toEqual([]);
    // The documented bound: never more than the limit; at most one partly used lease per instance unspent.
    expect(admitted).toBeLessThanOrEqual(LIMIT);
    expect(admitted).toBeGreaterThanOrEqual(LIMIT - INSTANCES * (LEASE_SIZE - 1));
    for (const answer of refused) expect(Number(answer.headers.get('retry-after')), JSON.stringify(answer.body)).toBeGreaterThan(0);

    // The budget is all leased now: no instance holds more than a partly used lease, so each refuses within LEASE_SIZE more.
    for (const [instance, gateway] of gateways.entries()) {
      const more: Answer<AnswerValue>[] = [];
      for (let n = 0; n < LEASE_SIZE; n += 1) more.push(await doorAt(gateway.baseUrl, 'rest').page({ key }));
      const last = more.at(-1);
      expect(last?.status, `instance ${instance}`).toBe(429);
      expect(Number(last?.headers.get('retry-after')), `instance ${instance}`).toBeGreaterThan(0);
      admitted += more.filter((answer) => answer.status === 200).length;
    }
    expect(admitted).toBeLessThanOrEqual(LIMIT);
  });

  it('refuses a revoked key at once on the instance that revoked it, and within the key-cache lifetime on the others', async () => {
    const issued = await newKey();
    for (const baseUrl of [local.baseUrl, ...gateways.map((gateway) => gateway.baseUrl)]) {
      expect((await doorAt(baseUrl, 'rest').page({ key: issued.key })).status).toBe(200); // every instance has it cached now
    }
    await local.runtime.keys.revokeKey(OPERATOR, issued.id);
    expect((await doorAt(local.baseUrl, 'rest').page({ key: issued.key })).status).toBe(401);
    for (const [instance, gateway] of gateways.entries()) {
      await expect
        .poll(async () => (await doorAt(gateway.baseUrl, DOOR_NAMES[instance] ?? 'rest').page({ key: issued.key })).status, {
          timeout: (KEY_CACHE_SECONDS + 3) * 1000,
          interval: 250,
        })
        .toBe(401);
    }
  });

  it('answers readiness on every instance', async () => {
    for (const gateway of gateways) expect((await fetch(`${gateway.baseUrl}/readyz`)).status).toBe(200);
  });
});

describe.skipIf(!mongodbUri)('PETSTORE_RATE_LIMIT_SCOPE with two instances on one database', () => {
  const admittedBy = async (scope: 'shared' | 'instance'): Promise<number> => {
    const env = { MONGODB_DB: uniqueName('petstore_scope'), PETSTORE_RATE_LIMIT: '2', PETSTORE_RATE_LIMIT_SCOPE: scope };
    // One clock that stands still for both: their four requests stay in one rate window.
    const clock = fixedClock(new Date('2026-06-01T12:00:30Z'));
    const first = await startTestGateway({ mongodbUri: mongodbUri ?? null, env, clock });
    const second = await startTestGateway({ mongodbUri: mongodbUri ?? null, env, clock });
    try {
      const account = await first.runtime.accounts.createAccount('scope');
      const { key } = await first.runtime.keys.createKey(operatorOn(account.id));
      let admitted = 0;
      for (const gateway of [first, second, first, second]) {
        if ((await doorAt(gateway.baseUrl, 'rest').page({ key })).status === 200) admitted += 1;
      }
      return admitted;
    } finally {
      await first.close();
      await second.close();
    }
  };

  it('shares the budget when shared (the default), and counts it per instance when set to instance', async () => {
    expect(await admittedBy('shared')).toBe(2);
    expect(await admittedBy('instance')).toBe(4);
  });
});
