import { getIntrospectionQuery } from 'graphql';

/** One operation as a test sends it: the document, its variables and the operation it names. */
export interface CorpusEntry {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** The request's Idempotency-Key header. */
  idempotencyKey?: string;
}

const PET = 'id name categoryId status';
const ADD = `mutation AddPet($input: NewPetInput!) { addPet(input: $input) { ${PET} } }`;
const LIST = 'query List($limit: Int) { pets(limit: $limit) { id } }';
const ONE = 'query One($id: ID!) { pet(id: $id) { id } }';
const SEVERAL = `query One { pets(limit: 1) { id } }
  query Two($limit: Int) { petsPage(limit: $limit) { pets { name } nextCursor } }
  mutation Three { addPet(input: { name: "Three", categoryId: "3" }) { id } }`;
// The gateway's parity and ops suites (apps/gateway/src/testing/doors/graphql-door.ts and the tests beside it).
const DOOR_LIST = `query($limit: Int, $status: PetStatus, $after: String) { pets(limit: $limit, status: $status, after: $after) { ${PET} } }`;
const DOOR_PAGE = `query($limit: Int, $status: PetStatus, $after: String) { petsPage(limit: $limit, status: $status, after: $after) { pets { ${PET} } nextCursor } }`;
const DOOR_CREATE = `mutation($input: NewPetInput!) { addPet(input: $input) { ${PET} } }`;
const DOOR_GET = `query($id: ID!) { pet(id: $id) { ${PET} } }`;

const add = (name: string, input: Record<string, unknown>): CorpusEntry => ({ name, query: ADD, variables: { input } });

/**
 * Every document (with its variables) that the GraphQL door's tests and the gateway's parity and
 * ops suites send, successes and failures alike, in an order that makes sense against one store
 * (pets added first, then read, then refused). executor.test.ts runs each through graphql-js and
 * graphql-jit.
 */
export const DOCUMENT_CORPUS: readonly CorpusEntry[] = [
  // add-pet.test.ts, pet-fixtures.ts
  add('addPet', { name: 'Rex', categoryId: '9007199254740991', status: 'AVAILABLE' }),
  add('addPet, status null', { name: 'Tom', categoryId: '1', status: null }),
  add('addPet, no status', { name: 'Jerry', categoryId: '2' }),
  add('addPet, sold', { name: 'Sold', categoryId: '3', status: 'SOLD' }),
  { ...add('addPet, idempotent', { name: 'Ida', categoryId: '1' }), idempotencyKey: 'k-1' },
  { ...add('addPet, idempotent again', { name: 'Ida', categoryId: '1' }), idempotencyKey: 'k-1' },
  { ...add('addPet, idempotency conflict', { name: 'Other', categoryId: '1' }), idempotencyKey: 'k-1' },
  ...['9223372036854775807', '-9223372036854775808', '0', '9007199254740993'].map((categoryId) =>
    add(`addPet, categoryId ${categoryId}`, { name: 'Big', categoryId }),
  ),
  { name: 'addPet, literal int categoryId', query: 'mutation { addPet(input: { name: "Literal", categoryId: 42 }) { categoryId } }' },
  add('addPet, empty name', { name: '', categoryId: '1' }),
  add('addPet, blank name', { name: '   ', categoryId: '1' }),
  add('addPet, long name', { name: 'x'.repeat(201), categoryId: '1' }),
  add('addPet, categoryId not a number', { name: 'Rex', categoryId: 'abc' }),
  add('addPet, categoryId past int64', { name: 'Rex', categoryId: '9223372036854775808' }),
  add('addPet, categoryId a fraction', { name: 'Rex', categoryId: '1.5' }),
  add('addPet, control character', { name: 'Re\u0000x', categoryId: '1' }),
  add('addPet, lone surrogate', { name: 'x\udc00', categoryId: '1' }),
  add('addPet, unknown input field and no name', { categoryId: '1', colour: 'brown' }),
  { name: 'addPet, no input variable', query: ADD },
  { name: 'addPet, unknown enum literal', query: 'mutation { addPet(input: { name: "Rex", categoryId: "1", status: LOST }) { id } }' },
  add('addPet, unknown enum variable', { name: 'Rex', categoryId: '1', status: 'LOST' }),
  // queries.test.ts
  { name: 'list', query: `{ pets { ${PET} } }` },
  { name: 'list, ids', query: '{ pets { id } }' },
  { name: 'list, aliased limits', query: '{ one: pets(limit: 1) { id } max: pets(limit: 100) { id } none: pets(limit: null) { id } }' },
  ...[0, 101, -5, 2].map((limit) => ({ name: `list, limit ${limit}`, query: LIST, variables: { limit } })),
  { name: 'list, limit not an int', query: LIST, variables: { limit: 'ten' } },
  { name: 'list, limit a fraction', query: LIST, variables: { limit: 1.5 } },
  { name: 'list, variables as null', query: LIST, variables: { limit: null } },
  { name: 'list by status', query: `{ sold: pets(status: SOLD) { ${PET} } all: pets(status: null) { id } }` },
  { name: 'first page cursor', query: '{ petsPage(limit: 2) { nextCursor } }' },
  { name: 'after a bad cursor', query: '{ pets(after: "not-a-cursor") { id } }' },
  {
    name: 'page after a cursor',
    query: `query Page($after: String) { petsPage(limit: 3, after: $after) { pets { ${PET} } nextCursor } }`,
    variables: { after: null },
  },
  { name: 'page of available pets', query: `{ petsPage(limit: 2, status: AVAILABLE) { pets { ${PET} } nextCursor } }` },
  ...['1', '424242', '0', '-5', '9007199254740992', '9223372036854775807', '-9223372036854775808', 'abc', '1.5', '9223372036854775808'].map((id) => ({
    name: `pet ${id}`,
    query: ONE,
    variables: { id },
  })),
  { name: 'pet, id as a number', query: ONE, variables: { id: 1 } },
  { name: 'pet, id missing', query: ONE },
  { name: 'pet, literal id', query: '{ pet(id: "1") { name } }' },
  // operation-plugin.test.ts
  { name: 'several, named Two', query: SEVERAL, operationName: 'Two', variables: { limit: 1 } },
  { name: 'several, named One', query: SEVERAL, operationName: 'One' },
  { name: 'several, named Three', query: SEVERAL, operationName: 'Three' },
  { name: 'several, a name it lacks', query: SEVERAL, operationName: 'Four' },
  { name: 'several, no name', query: SEVERAL },
  {
    name: 'aliases, __typename and a fragment',
    query: '{ __typename first: pets(limit: 1) { key: id kind: __typename } ...F } fragment F on Query { page: petsPage(limit: 1) { nextCursor } }',
  },
  {
    name: 'fragments spread twice, inline fragment',
    query: '{ petsPage { pets { ...P ...P ... on Pet { n: name } } } } fragment P on Pet { id c: categoryId }',
  },
  {
    name: 'skip and include',
    query: 'query Q($no: Boolean!) { pets { id name @skip(if: true) status @include(if: $no) } }',
    variables: { no: false },
  },
  // hardening.test.ts, introspection.test.ts
  {
    name: 'the deprecated field by introspection',
    query: '{ __type(name: "Query") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
  },
  { name: 'the full introspection query', query: getIntrospectionQuery() },
  { name: 'introspection only', query: '{ __typename __schema { queryType { name } } }' },
  // graphql-client.test.ts
  {
    name: 'available pets',
    query: 'query AvailablePets($after: String) { petsPage(status: AVAILABLE, after: $after) { pets { id name status } nextCursor } }',
    variables: {},
  },
  // The gateway's parity and ops suites
  { name: 'door list', query: DOOR_LIST, variables: { limit: 2, status: 'AVAILABLE' } },
  { name: 'door list, unknown status', query: DOOR_LIST, variables: { status: 'UNKNOWN' } },
  { name: 'door list, limit as text', query: DOOR_LIST, variables: { limit: '5' } },
  { name: 'door page', query: DOOR_PAGE, variables: { limit: 1 } },
  { name: 'door create', query: DOOR_CREATE, variables: { input: { name: 'Parity', categoryId: '7', status: 'PENDING' } } },
  { name: 'door create, extra field', query: DOOR_CREATE, variables: { input: { name: 'Parity', categoryId: '7', id: '5' } } },
  { name: 'door create, categoryId as a number', query: DOOR_CREATE, variables: { input: { name: 'Parity', categoryId: 7 } } },
  { name: 'door create, categoryId unsafe', query: DOOR_CREATE, variables: { input: { name: 'Parity', categoryId: 2 ** 60 } } },
  { name: 'door get', query: DOOR_GET, variables: { id: '1' } },
  { name: 'door get, bad id', query: DOOR_GET, variables: { id: 'x' } },
  { name: 'many aliases', query: `query { ${Array.from({ length: 10 }, (_, i) => `l${i}: pets(limit: 1) { id }`).join(' ')} }` },
  {
    name: 'many addPets',
    query: `mutation { ${['a', 'b', 'c'].map((name, i) => `c${i}: addPet(input: { name: "${name}", categoryId: "1" }) { id }`).join(' ')} }`,
  },
  { name: 'a comment', query: `{ pets { id } } #${'x'.repeat(200)}` },
  // Refused before execution, the same for both
  { name: 'a syntax error', query: '{ pets { id ' },
  { name: 'a validation error', query: '{ pets { colour } }' },
  { name: 'a subscription', query: 'subscription { __typename }' },
];
