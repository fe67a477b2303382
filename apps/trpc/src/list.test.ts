import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireData, wireQuery } from './testing/wire.js';

describe.each(CALL_SHAPES)('pets.list, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  beforeEach(async () => {
    door = await startTrpcDoor({ clientShape: via });
    for (let i = 1; i <= 105; i += 1) {
      await door.pets.create({ name: `pet ${i}`, categoryId: 1, status: i % 3 === 0 ? 'sold' : 'available' });
    }
  });
  afterEach(() => door.close());

  it('returns the first 20 pets in id order when no limit is given', async () => {
    const pets = await door.client.pets.list.query();
    expect(pets.map((pet) => pet.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('returns as many pets as the limit asks, from 1 up to 100', async () => {
    expect(await door.client.pets.list.query({ limit: 1 })).toHaveLength(1);
    expect(await door.client.pets.list.query({ limit: 100 })).toHaveLength(100);
  });

  it('returns only pets with the requested status, still in id order', async () => {
    const sold = await door.client.pets.list.query({ status: 'sold', limit: 5 });
    expect(sold.map((pet) => pet.id)).toEqual([3, 6, 9, 12, 15]);
    expect(sold.every((pet) => pet.status === 'sold')).toBe(true);
  });

  it('answers with a bare JSON array, as the REST door does', async () => {
    const response = await wireQuery(door.baseUrl, { via, path: 'pets.list', input: { limit: 2 }, key: door.apiKey });
    expect(response.status).toBe(200);
    expect(wireData(response)).toEqual([
      { id: 1, name: 'pet 1', categoryId: 1, status: 'available' },
      { id: 2, name: 'pet 2', categoryId: 1, status: 'available' },
    ]);
  });
});
