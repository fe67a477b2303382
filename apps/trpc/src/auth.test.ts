import { OPERATOR, operatorOn } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetstoreClient } from './client.js';
import { rejectionOf } from './testing/rejection.js';
import { startTrpcDoor, type RunningTrpcDoor } from './testing/start-trpc-door.js';
import { CALL_SHAPES, wireError, wireMutation, wireQuery, type WireCall } from './testing/wire.js';

const BAD_CREDENTIALS: [string, Pick<WireCall, 'authorization'>][] = [
  ['no Authorization header', {}],
  ['a header that is not a bearer credential', { authorization: 'Basic dXNlcjpwYXNz' }],
  ['a bearer key the service never issued', { authorization: 'Bearer psk_not-a-key-we-issued' }],
];

describe.each(CALL_SHAPES)('the key check at the tRPC door, calls taking the %s path', (via) => {
  let door: RunningTrpcDoor;
  beforeAll(async () => {
    door = await startTrpcDoor({ clientShape: via });
  });
  afterAll(() => door.close());

  it.each(BAD_CREDENTIALS)('answers UNAUTHORIZED with HTTP 401 to %s, before looking at the input', async (_case, credentials) => {
    const responses = [
      await wireQuery(door.baseUrl, { via, path: 'pets.list', input: { limit: 0 }, ...credentials }),
      await wireQuery(door.baseUrl, { via, path: 'pets.page', input: { status: 'lost' }, ...credentials }),
      await wireMutation(door.baseUrl, { via, path: 'pets.create', input: { name: '' }, ...credentials }),
      await wireQuery(door.baseUrl, { via, path: 'pets.get', input: { id: -1 }, ...credentials }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(wireError(response).data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, domainCode: 'unauthorized' });
    }
    expect(await door.client.pets.list.query()).toEqual([]);
  });

  it('refuses a key once it is revoked', async () => {
    const account = await door.accounts.createAccount('revoked');
    const issued = await door.keys.createKey(operatorOn(account.id));
    await door.keys.revokeKey(OPERATOR, issued.id);
    const client = createPetstoreClient({ baseUrl: door.baseUrl, apiKey: issued.key, batch: via === 'batch' });
    const error = await rejectionOf(client.pets.list.query());
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(error.message).toBe('invalid or revoked API key');
  });
});
