import { uniqueName } from '@petstore/testing';
import { createRuntime, loadConfig } from '@petstore/runtime';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPet, DOORS, listAll } from './testing/doors.js';
import { spawnGateway, type GatewayProcess } from './testing/gateway-process.js';

const mongodbUri = inject('mongodbUri');
const INSTANCES = 3;
const CREATES_PER_INSTANCE = 30;

describe.skipIf(!mongodbUri)('three gateway processes on one database', () => {
  const dbName = uniqueName('petstore_scale');
  let apiKey: string;
  let gateways: GatewayProcess[] = [];

  beforeAll(async () => {
    // The key is made as an operator would, through the account service over the shared database.
    const admin = await createRuntime(loadConfig({ MONGODB_URI: mongodbUri ?? '', MONGODB_DB: dbName, LOG_LEVEL: 'silent' }));
    try {
      const account = await admin.accounts.createAccount('scale test');
      apiKey = (await admin.accounts.createKey(account.id)).key;
    } finally {
      await admin.close();
    }
    gateways = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        spawnGateway({ MONGODB_URI: mongodbUri ?? '', MONGODB_DB: dbName, PETSTORE_ENV: 'production', PETSTORE_RATE_LIMIT: '0' }),
      ),
    );
  }, 60_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.child.kill('SIGTERM');
    const codes = await Promise.all(gateways.map((gateway) => gateway.exited));
    expect(codes).toEqual(gateways.map(() => 0));
  });

  it('gives every pet created concurrently through any instance and door a distinct id, visible from every instance', async () => {
    const answers = await Promise.all(
      gateways.flatMap((gateway, instance) =>
        Array.from({ length: CREATES_PER_INSTANCE }, (_, n) => {
          const door = DOORS[(instance + n) % DOORS.length] ?? 'rest';
          return createPet(gateway.baseUrl, door, apiKey, { name: `Scaled ${instance}-${n}`, categoryId: instance + 1 });
        }),
      ),
    );
    const ids = answers.map((answer) => {
      expect(answer.ids, JSON.stringify(answer.body)).toHaveLength(1);
      return answer.ids[0] ?? 0;
    });
    expect(new Set(ids).size).toBe(INSTANCES * CREATES_PER_INSTANCE);

    for (const [instance, gateway] of gateways.entries()) {
      const door = DOORS[instance % DOORS.length] ?? 'rest';
      const listed = await listAll(gateway.baseUrl, door, apiKey);
      expect(listed.length, `instance ${instance} through ${door}`).toBe(ids.length);
      expect(new Set(listed)).toEqual(new Set(ids));
    }
  });

  it('answers readiness on every instance', async () => {
    for (const gateway of gateways) expect((await fetch(`${gateway.baseUrl}/readyz`)).status).toBe(200);
  });
});
