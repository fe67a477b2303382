import { fixedClock } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';

/** What the tRPC door adds for operators: the headers the other doors send, and retry-safe creates. */
describe('the tRPC door in operation', () => {
  let door: RunningTrpcDoor;
  afterEach(() => door.close());

  const list = (key = door.apiKey) => fetch(`${door.baseUrl}/trpc/pets.list`, { headers: { Authorization: `Bearer ${key}` } });
  const create = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${door.baseUrl}/trpc/pets.create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${door.apiKey}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('sends RateLimit headers on success, and Retry-After with them on TOO_MANY_REQUESTS', async () => {
    // A clock that stands still keeps the three calls inside one rate window, however slow the machine.
    door = await startTrpcDoor({ rateLimit: 2, clock: fixedClock(new Date('2026-06-01T12:00:30Z')) });
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(first.headers.get('ratelimit-policy')).toBe('"per-key";q=2;w=60');
    expect((await list()).status).toBe(200);
    const refused = await list();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('returns the same pet for a create retried with the same Idempotency-Key, and refuses the key with another pet', async () => {
    door = await startTrpcDoor();
    const pet = { name: 'Retried', categoryId: 4 };
    const first = (await (await create(pet, { 'Idempotency-Key': 'order-17' })).json()) as { result: { data: { id: number } } };
    const again = (await (await create(pet, { 'Idempotency-Key': 'order-17' })).json()) as { result: { data: { id: number } } };
    expect(again.result.data).toEqual(first.result.data);
    expect(await door.client.pets.list.query()).toHaveLength(1);
    const conflict = await create({ name: 'Another', categoryId: 4 }, { 'Idempotency-Key': 'order-17' });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: { data: { code: string } } }).error.data.code).toBe('CONFLICT');
  });
});
