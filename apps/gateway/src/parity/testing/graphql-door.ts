import { authorizationHeader, type Credential, type Door, type Outcome, type ParityPet } from './door.js';

interface GraphqlPet {
  id: string;
  name: string;
  categoryId: string;
  status: string | null;
}

const KINDS: Record<string, Exclude<Outcome<unknown>, { ok: true }>['kind']> = {
  BAD_USER_INPUT: 'invalid_request',
  UNAUTHENTICATED: 'unauthorized',
  GONE: 'gone',
};

const PET_FIELDS = 'id name categoryId status';

/** GraphQL speaks ID strings and upper-case enums; the common shape uses a number id and the contract's values. */
function fromGraphql(pet: GraphqlPet): ParityPet {
  return {
    id: Number(pet.id),
    name: pet.name,
    categoryId: pet.categoryId,
    ...(pet.status !== null && { status: pet.status.toLowerCase() }),
  };
}

const toEnum = (status: unknown) => (typeof status === 'string' ? status.toUpperCase() : status);
const toId = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

export function graphqlDoor(baseUrl: string): Door {
  const send = async <T>(credential: Credential, query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T) => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...authorizationHeader(credential), 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const json = (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
    const [error] = json.errors ?? [];
    if (error) {
      const code = error.extensions?.code ?? 'NONE';
      return { ok: false, kind: KINDS[code] ?? 'other', message: error.message, detail: `${response.status} ${code}` } as Outcome<T>;
    }
    return { ok: true, value: pick(json.data ?? {}) } as Outcome<T>;
  };
  return {
    name: 'GraphQL',
    list: (credential, input) =>
      send(
        credential,
        `query($limit: Int, $status: PetStatus, $after: String) { pets(limit: $limit, status: $status, after: $after) { ${PET_FIELDS} } }`,
        { ...input, status: toEnum(input.status) },
        (data) => (data['pets'] as GraphqlPet[]).map(fromGraphql),
      ),
    create: (credential, input) =>
      send(
        credential,
        `mutation($input: NewPetInput!) { addPet(input: $input) { ${PET_FIELDS} } }`,
        { input: { ...input, categoryId: toId(input['categoryId']), status: toEnum(input['status']) } },
        (data) => fromGraphql(data['addPet'] as GraphqlPet),
      ),
    get: async (credential, id) => {
      const outcome = await send(credential, `query($id: ID!) { pet(id: $id) { ${PET_FIELDS} } }`, { id: String(id) }, (data) => data['pet'] as GraphqlPet | null);
      if (!outcome.ok) return outcome;
      // GraphQL answers an unknown id with null, the other doors with not_found.
      return outcome.value ? { ok: true, value: fromGraphql(outcome.value) } : { ok: false, kind: 'not_found', message: 'null', detail: 'pet: null' };
    },
  };
}
