import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';

describe('mountTrpc', () => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor();
  });
  afterAll(() => door.close());

  it('leaves paths outside /trpc/ to the rest of the app', async () => {
    const health = await fetch(`${door.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    for (const path of ['/trpc', '/trpcx/pets.list', '/v1/pets']) {
      const response = await fetch(`${door.baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', status: 404 });
    }
  });

  it('answers NOT_FOUND for a procedure that does not exist under /trpc/', async () => {
    const response = await fetch(`${door.baseUrl}/trpc/pets.delete`, { headers: { Authorization: `Bearer ${door.apiKey}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND', path: 'pets.delete' } } });
  });
});
