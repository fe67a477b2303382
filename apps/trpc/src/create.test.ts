import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_INT64_SUPPORTED } from '@petstore/domain';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { wireData, wireMutation } from './testing/wire.js';

describe('pets.create', () => {
  let door: RunningTrpcDoor;
  beforeEach(async () => {
    door = await startTrpcDoor();
  });
  afterEach(() => door.close());

  it('stores the pet and returns it with the id the service assigned', async () => {
    const created = await door.client.pets.create.mutate({ name: 'Rex', categoryId: 7, status: 'available' });
    expect(created).toEqual({ id: 1, name: 'Rex', categoryId: 7, status: 'available' });
    expect(await door.client.pets.list.query()).toEqual([created]);
  });

  it('keeps the largest supported categoryId, 9007199254740991, exact', async () => {
    const created = await door.client.pets.create.mutate({ name: 'Big', categoryId: MAX_INT64_SUPPORTED });
    expect(created.categoryId).toBe(9007199254740991);
    expect(await door.client.pets.list.query()).toEqual([created]);
  });

  it('sends ids as JSON numbers and leaves out the status key when no status was given', async () => {
    const response = await wireMutation(door.baseUrl, {
      path: 'pets.create',
      input: { name: 'Plain', categoryId: 9007199254740991 },
      key: door.apiKey,
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"result":{"data":{"id":1,"name":"Plain","categoryId":9007199254740991}}}');
    expect(wireData(response)).not.toHaveProperty('status');
  });
});
