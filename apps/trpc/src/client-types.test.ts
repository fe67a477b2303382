import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPetstoreError, type NewPet, type PetStatus } from './client.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';

/**
 * The client's types refuse at compile time what the service refuses at run time (the
 * @ts-expect-error lines are checked by `tsc`: an `any` or a looser type would leave them unused,
 * which is an error), and let through what it takes.
 */
describe("the typed client's pets.create", () => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor();
  });
  afterAll(async () => {
    await door.close();
  });

  it('takes a safe number, decimal text past 2^53 - 1, a NewPet and a PetStatus', async () => {
    const status: PetStatus = 'sold';
    const typed: NewPet = { name: 'Typed', categoryId: 3 };
    const created = [
      await door.client.pets.create.mutate({ name: 'Safe', categoryId: 9007199254740991, status }),
      await door.client.pets.create.mutate({ name: 'Text', categoryId: '9007199254740993' }),
      await door.client.pets.create.mutate(typed),
    ];
    expect(created.map((pet) => pet.categoryId)).toEqual([9007199254740991, '9007199254740993', 3]);
  });

  it('refuses a number literal past 2^53 - 1 and a field the service does not take, as the service does', async () => {
    const refusals = await Promise.all([
      // @ts-expect-error 2^53 is past 2^53 - 1: a number there may be rounded before it is sent, so send it as decimal text
      door.client.pets.create.mutate({ name: 'Rounded', categoryId: 9007199254740992 }).catch((error: unknown) => error),
      // @ts-expect-error the service assigns the id
      door.client.pets.create.mutate({ name: 'Rex', categoryId: 1, id: 3 }).catch((error: unknown) => error),
    ]);
    for (const refusal of refusals) expect(isPetstoreError(refusal) && refusal.data?.domainCode).toBe('invalid_request');
  });
});
