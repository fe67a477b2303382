import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireData, wireMutation } from './testing/wire.js';

describe.each(CALL_SHAPES)('pets.create, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  beforeEach(async () => {
    door = await startTrpcDoor({ clientShape: via });
  });
  afterEach(() => door.close());

  it('stores the pet and returns it with the id the service assigned', async () => {
    const created = await door.client.pets.create.mutate({ name: 'Rex', categoryId: 7, status: 'available' });
    expect(created).toEqual({ id: 1, name: 'Rex', categoryId: 7, status: 'available' });
    expect(await door.client.pets.list.query()).toEqual([created]);
  });

  it('carries a categoryId as a number while it is a safe integer, and as decimal text beyond', async () => {
    const safe = await door.client.pets.create.mutate({ name: 'Safe', categoryId: 9007199254740991 });
    expect(safe.categoryId).toBe(9007199254740991);
    const large = await door.client.pets.create.mutate({ name: 'Large', categoryId: '9223372036854775807' });
    expect(large.categoryId).toBe('9223372036854775807');
    const small = await door.client.pets.create.mutate({ name: 'Small', categoryId: '-9223372036854775808' });
    expect(small.categoryId).toBe('-9223372036854775808');
    // Text for a safe value is accepted too, and answered in the one form of that value.
    expect((await door.client.pets.create.mutate({ name: 'Text', categoryId: '-7' })).categoryId).toBe(-7);
    expect(await door.client.pets.list.query()).toEqual([safe, large, small, expect.objectContaining({ categoryId: -7 })]);
    expect(BigInt(large.categoryId)).toBe(2n ** 63n - 1n);
  });

  it('writes a categoryId past 2^53 as a JSON string on the wire', async () => {
    const response = await wireMutation(door.baseUrl, {
      via,
      path: 'pets.create',
      input: { name: 'Wire', categoryId: '9007199254740993' },
      key: door.apiKey,
    });
    expect(response.text).toBe('{"result":{"data":{"id":1,"name":"Wire","categoryId":"9007199254740993"}}}');
  });

  it('sends ids as JSON numbers and leaves out the status key when no status was given', async () => {
    const response = await wireMutation(door.baseUrl, {
      via,
      path: 'pets.create',
      input: { name: 'Plain', categoryId: 9007199254740991 },
      key: door.apiKey,
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"result":{"data":{"id":1,"name":"Plain","categoryId":9007199254740991}}}');
    expect(wireData(response)).not.toHaveProperty('status');
  });
});
