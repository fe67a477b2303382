import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPetstoreRestClient } from './client.js';
import type { NewPet, Pet } from './exact-types.js';

/** Stands where the network would be: keeps what the client sends, and answers nothing. */
class Sent extends Error {
  constructor(readonly request: Request) {
    super('sent');
  }
}

const recordingClient = () => {
  let calls = 0;
  const client = createPetstoreRestClient({
    baseUrl: 'https://api.petstore.example/v1',
    apiKey: 'psk_test',
    fetch: (request) => {
      calls += 1;
      return Promise.reject(new Sent(request));
    },
  });
  return { client, calls: () => calls };
};

const sent = async (call: Promise<unknown>): Promise<Request> => {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Sent)) throw new Error(`nothing was sent: ${String(outcome)}`);
  return outcome.request;
};

describe('createPetstoreRestClient', () => {
  it('types categoryId as a bigint in what it reads and a bigint or a number in what it sends', () => {
    expectTypeOf<Pet['categoryId']>().toEqualTypeOf<bigint>();
    expectTypeOf<NewPet['categoryId']>().toEqualTypeOf<bigint | number>();
    expectTypeOf<Pet['id']>().toEqualTypeOf<number>();
  });

  it('refuses at compile time a create body with a field the document does not list, as the service refuses it', async () => {
    const { client } = recordingClient();
    // @ts-expect-error the service assigns the id: a body is exactly the document's NewPet
    const extra = await sent(client.POST('/pets', { body: { name: 'Rex', categoryId: 1, id: 3 } }));
    const exact = await sent(client.POST('/pets', { body: { name: 'Rex', categoryId: 1, status: 'sold' } }));
    // What the types refuse would have been sent as written, and refused by the service with 400.
    expect([await extra.text(), await exact.text()]).toEqual([
      '{"name":"Rex","categoryId":1,"id":3}',
      '{"name":"Rex","categoryId":1,"status":"sold"}',
    ]);
  });

  it('sends a bigint categoryId and petId as their exact digits', async () => {
    const { client } = recordingClient();
    const create = await sent(client.POST('/pets', { body: { name: 'Rex', categoryId: 9223372036854775807n } }));
    expect(await create.text()).toBe('{"name":"Rex","categoryId":9223372036854775807}');
    expect(create.headers.get('content-type')).toBe('application/json');
    const read = await sent(client.GET('/pets/{petId}', { params: { path: { petId: -9223372036854775808n } } }));
    expect(read.url).toBe('https://api.petstore.example/v1/pets/-9223372036854775808');
  });

  it('refuses a number past 2^53 - 1 before sending anything, saying to send a bigint', async () => {
    // 2 ** 53 + 1 is what the literal 9007199254740993 is as a number: 9007199254740992.
    const { client, calls } = recordingClient();
    await expect(client.POST('/pets', { body: { name: 'Rex', categoryId: 2 ** 60 } })).rejects.toThrow(
      /^categoryId: 1152921504606846976 is a number past 2\^53 - 1 .* as a bigint/,
    );
    await expect(client.GET('/pets/{petId}', { params: { path: { petId: 2 ** 53 + 1 } } })).rejects.toThrow(
      /^petId: 9007199254740992 is a number past/,
    );
    expect(calls()).toBe(0);
  });
});
