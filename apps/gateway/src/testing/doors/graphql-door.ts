import {
  type Answer,
  type AnswerValue,
  authorizationHeader,
  type CommonPet,
  type Credential,
  type Door,
  type ErrorKind,
  type ExtraHeaders,
  idsOf,
  JSON_TYPE,
  type WireDoor,
  type WireRequest,
} from './door.js';

interface GraphqlPet {
  id: string;
  name: string;
  categoryId: string;
  status: string | null;
}

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const KINDS: Record<string, ErrorKind> = {
  BAD_USER_INPUT: 'invalid_request',
  UNAUTHENTICATED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  GONE: 'gone',
};

const PET_FIELDS = 'id name categoryId status';

/** GraphQL speaks ID strings and upper-case enums; the common shape uses a number id and the contract's values. */
function fromGraphql(pet: GraphqlPet): CommonPet {
  return {
    id: Number(pet.id),
    name: pet.name,
    categoryId: pet.categoryId,
    ...(pet.status !== null && { status: pet.status.toLowerCase() }),
  };
}

const toEnum = (status: unknown) => (typeof status === 'string' ? status.toUpperCase() : status);
const toId = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

/** /graphql with plain fetch: one anonymous document per call, its variables beside it. */
export function graphqlDoor(baseUrl: string): Door {
  const send = async <T extends AnswerValue>(
    credential: Credential,
    headers: ExtraHeaders,
    query: string,
    variables: Record<string, unknown>,
    pick: (data: Record<string, unknown>) => T | null,
  ): Promise<Answer<T>> => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...authorizationHeader(credential), 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const json = (await response.json()) as GraphqlBody;
    const exchange = { status: response.status, headers: response.headers, body: json };
    const [error] = json.errors ?? [];
    if (error) {
      const code = error.extensions?.code;
      return {
        ok: false,
        kind: KINDS[code ?? ''] ?? 'other',
        message: error.message,
        detail: `${response.status} ${code ?? 'NONE'}`,
        ...exchange,
        errorCode: code,
        ids: [],
      };
    }
    const value = pick(json.data ?? {});
    // GraphQL answers an unknown id with null, the other doors with not_found.
    if (value === null) return { ok: false, kind: 'not_found', message: 'null', detail: 'pet: null', ...exchange, errorCode: undefined, ids: [] };
    return { ok: true, value, ...exchange, errorCode: undefined, ids: idsOf(value) };
  };
  const listVariables = (input: Parameters<Door['list']>[1]) => ({ ...input, status: toEnum(input.status) });
  return {
    name: 'graphql',
    list: (credential, input, headers = {}) =>
      send(
        credential,
        headers,
        `query($limit: Int, $status: PetStatus, $after: String) { pets(limit: $limit, status: $status, after: $after) { ${PET_FIELDS} } }`,
        listVariables(input),
        (data) => (data['pets'] as GraphqlPet[]).map(fromGraphql),
      ),
    page: (credential, input = {}, headers = {}) =>
      send(
        credential,
        headers,
        `query($limit: Int, $status: PetStatus, $after: String) { petsPage(limit: $limit, status: $status, after: $after) { pets { ${PET_FIELDS} } nextCursor } }`,
        listVariables(input),
        (data) => {
          const page = data['petsPage'] as { pets: GraphqlPet[]; nextCursor: string | null };
          return { pets: page.pets.map(fromGraphql), nextCursor: page.nextCursor ?? undefined };
        },
      ),
    create: (credential, input, headers = {}) =>
      send(
        credential,
        headers,
        `mutation($input: NewPetInput!) { addPet(input: $input) { ${PET_FIELDS} } }`,
        { input: { ...input, categoryId: toId(input['categoryId']), status: toEnum(input['status']) } },
        (data) => fromGraphql(data['addPet'] as GraphqlPet),
      ),
    get: (credential, id, headers = {}) =>
      send(credential, headers, `query($id: ID!) { pet(id: $id) { ${PET_FIELDS} } }`, { id: String(id) }, (data) => {
        const pet = data['pet'] as GraphqlPet | null;
        return pet && fromGraphql(pet);
      }),
  };
}

/** Apollo's and this service's error codes, back to REST's words. */
const GRAPHQL_CODES: Readonly<Record<string, string>> = {
  UNAUTHENTICATED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  RATE_LIMITED: 'rate_limited',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  REQUEST_TIMEOUT: 'request_timeout',
  BAD_REQUEST: 'invalid_request',
  BAD_USER_INPUT: 'invalid_request',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
};

/** Operations are split over a batch of two documents, the first with aliases: both count. */
const graphqlBatch = (fields: string[], kind: 'query' | 'mutation'): string => {
  const split = Math.ceil(fields.length / 2);
  const documents = [fields.slice(0, split), fields.slice(split)].filter((part) => part.length > 0);
  const items = documents.map((part) => ({ query: `${kind} { ${part.join(' ')} }` }));
  return JSON.stringify(items.length === 1 ? items[0] : items);
};

export const graphqlWire: WireDoor = {
  name: 'graphql',
  maxOperations: 10,
  lists: (count) => ({
    method: 'POST',
    path: '/graphql',
    headers: JSON_TYPE,
    body: graphqlBatch(
      Array.from({ length: count }, (_, i) => `l${i}: pets(limit: 1) { id }`),
      'query',
    ),
  }),
  creates: (names) => ({
    method: 'POST',
    path: '/graphql',
    headers: JSON_TYPE,
    body: graphqlBatch(
      names.map((name, i) => `c${i}: addPet(input: { name: ${JSON.stringify(name)}, categoryId: "1" }) { id }`),
      'mutation',
    ),
  }),
  withNumber: (field, text, name = 'a number as sent') => {
    const [query, variables] = {
      categoryId: [
        `mutation($input: NewPetInput!) { addPet(input: $input) { id } }`,
        `{"input":{"name":${JSON.stringify(name)},"categoryId":${text}}}`,
      ],
      limit: [`query($limit: Int) { pets(limit: $limit) { id } }`, `{"limit":${text}}`],
      id: [`query($id: ID!) { pet(id: $id) { id } }`, `{"id":${text}}`],
    }[field];
    return { method: 'POST', path: '/graphql', headers: JSON_TYPE, body: `{"query":${JSON.stringify(query)},"variables":${variables}}` };
  },
  mixed: (name) => {
    const list = 'pets(limit: 1) { id }';
    const create = `addPet(input: { name: ${JSON.stringify(name)}, categoryId: "1" }) { id }`;
    const post = (body: unknown): WireRequest => ({ method: 'POST', path: '/graphql', headers: JSON_TYPE, body: JSON.stringify(body) });
    // One document with a query and a mutation, naming either; and a batch of the two.
    const document = `query L { ${list} } mutation C { ${create} }`;
    return [
      post({ query: document, operationName: 'L' }),
      post({ query: document, operationName: 'C' }),
      post([{ query: `{ ${list} }` }, { query: `mutation { ${create} }` }]),
    ];
  },
  errorCodes: (body) => {
    const answers = Array.isArray(body) ? body : [body];
    return answers.flatMap((answer: { errors?: Array<{ extensions?: { code?: string } }> }) =>
      (answer.errors ?? []).map((error) => GRAPHQL_CODES[error.extensions?.code ?? ''] ?? error.extensions?.code),
    );
  },
};
