import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '@petstore/domain';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireData, wireQuery } from './testing/wire.js';

describe.each(CALL_SHAPES)('pets.page, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  beforeEach(async () => {
    door = await startTrpcDoor({ clientShape: via });
    for (let i = 1; i <= 7; i += 1) {
      await door.pets.create({ name: `pet ${i}`, categoryId: 1, ...(i % 2 === 0 && { status: 'pending' as const }) });
    }
  });
  afterEach(() => door.close());

  it('walks every pet exactly once when each nextCursor is passed back as after', async () => {
    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await door.client.pets.page.query({ limit: 3, ...(after !== undefined && { after }) });
      seen.push(...page.pets.map((pet) => pet.id));
      if (page.nextCursor === null) break;
      after = page.nextCursor;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the status filter on every page', async () => {
    const first = await door.client.pets.page.query({ status: 'pending', limit: 2 });
    expect(first.nextCursor).not.toBeNull();
    const second = await door.client.pets.page.query({ status: 'pending', limit: 2, after: first.nextCursor ?? '' });
    expect([...first.pets, ...second.pets].map((pet) => pet.id)).toEqual([2, 4, 6]);
    expect(second.nextCursor).toBeNull();
  });

  it('sends nextCursor as null, not as a missing key, on the last page', async () => {
    const response = await wireQuery(door.baseUrl, { via, path: 'pets.page', input: { limit: 10 }, key: door.apiKey });
    const page = wireData(response) as { pets: Pet[]; nextCursor: unknown };
    expect(page.pets).toHaveLength(7);
    expect(page).toHaveProperty('nextCursor', null);
  });
});
