import { ClientError, gql, GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql;
let client: GraphQLClient;
beforeAll(async () => {
  door = await startGraphql();
  client = new GraphQLClient(door.url, { headers: { Authorization: `Bearer ${door.apiKey}` } });
});
afterAll(() => door.close());

interface ClientPet {
  id: string;
  name: string;
  categoryId: string;
  status: string | null;
}

const ADD_PET = gql`
  mutation AddPet($input: NewPetInput!) {
    addPet(input: $input) {
      id
      name
      categoryId
      status
    }
  }
`;

const AVAILABLE_PETS = gql`
  query AvailablePets($after: String) {
    petsPage(limit: 10, status: AVAILABLE, after: $after) {
      pets {
        id
        name
        status
      }
      nextCursor
    }
  }
`;

describe('a frontend using graphql-request', () => {
  it('adds a pet and finds it among the available ones', async () => {
    const { addPet } = await client.request<{ addPet: ClientPet }>(ADD_PET, {
      input: { name: 'Biscuit', categoryId: '9007199254740991', status: 'AVAILABLE' },
    });
    expect(addPet).toMatchObject({ name: 'Biscuit', categoryId: '9007199254740991', status: 'AVAILABLE' });

    const { petsPage } = await client.request<{ petsPage: { pets: ClientPet[]; nextCursor: string | null } }>(AVAILABLE_PETS, {});
    expect(petsPage).toEqual({ pets: [{ id: addPet.id, name: 'Biscuit', status: 'AVAILABLE' }], nextCursor: null });
  });

  it('gets a ClientError carrying the field rule when the input is refused', async () => {
    const refused = client.request(ADD_PET, { input: { name: 'Biscuit', categoryId: 'cat-1' } });
    await expect(refused).rejects.toBeInstanceOf(ClientError);
    const error = (await refused.catch((caught: unknown) => caught)) as ClientError;
    expect(error.response.errors?.[0]).toMatchObject({
      message: 'categoryId: must be an integer from -9223372036854775808 to 9223372036854775807',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
