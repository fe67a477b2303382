import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@petstore/domain';
import { rejectionOf } from './testing/rejection.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireError, wireQuery } from './testing/wire.js';

describe.each(CALL_SHAPES)('pets.get, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  afterEach(() => door.close());

  it('returns the pet with that id', async () => {
    door = await startTrpcDoor({ clientShape: via });
    const created = await door.client.pets.create.mutate({ name: 'Rex', categoryId: 3 });
    expect(await door.client.pets.get.query({ id: created.id })).toEqual(created);
  });

  it.each([42, 0, -1, '9223372036854775807', '-9223372036854775808'])('answers NOT_FOUND with HTTP 404 for an id no pet has: %j', async (id) => {
    door = await startTrpcDoor({ clientShape: via });
    const response = await wireQuery(door.baseUrl, { via, path: 'pets.get', input: { id }, key: door.apiKey });
    expect(response.status).toBe(404);
    expect(wireError(response)).toMatchObject({
      message: `pet ${id} does not exist`,
      data: { code: 'NOT_FOUND', httpStatus: 404, domainCode: 'not_found' },
    });
  });

  it('finds a pet by its id sent as decimal text', async () => {
    door = await startTrpcDoor({ clientShape: via });
    const created = await door.client.pets.create.mutate({ name: 'Rex', categoryId: 3 });
    expect(await door.client.pets.get.query({ id: String(created.id) })).toEqual(created);
  });

  it('answers gone (NOT_FOUND, HTTP 410, domainCode "gone") from the sunset on, whatever the id', async () => {
    door = await startTrpcDoor({ clientShape: via, clock: fixedClock(new Date('2030-12-05T00:00:00Z')) });
    for (const input of [{ id: 1 }, { id: -1 }]) {
      const response = await wireQuery(door.baseUrl, { via, path: 'pets.get', input, key: door.apiKey });
      expect(response.status).toBe(410);
      expect(wireError(response).data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 410, domainCode: 'gone' });
    }
    const error = await rejectionOf(door.client.pets.get.query({ id: 1 }));
    expect(error.data).toMatchObject({ code: 'NOT_FOUND', domainCode: 'gone' });
    expect(error.message).toContain('removed on 2030-12-05');
  });
});
