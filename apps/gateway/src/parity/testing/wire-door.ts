/**
 * Each door as raw HTTP, for the behaviours of the envelope that a typed client hides: how many
 * operations one request carries, what its body weighs, how a refusal is spelt. Every refusal is
 * reduced to the code REST would put in its Error body, so one behaviour is asserted once.
 */
export interface WireRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Content-Type and the like; the credential is added by the test. */
  headers: Record<string, string>;
  body?: string;
}

export interface WireDoor {
  name: 'REST' | 'GraphQL' | 'tRPC';
  /** The most operations one HTTP request to this door can ask for (REST: one). */
  maxOperations: number;
  /** One request asking for `count` list operations, packed as this door packs them. */
  lists(count: number): WireRequest;
  /** One request creating a pet per name. */
  creates(names: readonly string[]): WireRequest;
  /** The codes of the errors in an answer, one per failed operation, as REST spells them. */
  errorCodes(body: unknown): Array<string | undefined>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

export const restWire: WireDoor = {
  name: 'REST',
  maxOperations: 1,
  lists: () => ({ method: 'GET', path: '/v1/pets?limit=1', headers: {} }),
  creates: ([name]) => ({ method: 'POST', path: '/v1/pets', headers: JSON_TYPE, body: JSON.stringify({ name, categoryId: 1 }) }),
  errorCodes: (body) => [(body as { code?: string } | undefined)?.code],
};

/** Apollo's and this service's error codes, back to REST's words. */
const GRAPHQL_CODES: Readonly<Record<string, string>> = {
  UNAUTHENTICATED: 'unauthorized',
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
  name: 'GraphQL',
  maxOperations: 10,
  lists: (count) => ({
    method: 'POST',
    path: '/graphql',
    headers: JSON_TYPE,
    body: graphqlBatch(Array.from({ length: count }, (_, i) => `l${i}: pets(limit: 1) { id }`), 'query'),
  }),
  creates: (names) => ({
    method: 'POST',
    path: '/graphql',
    headers: JSON_TYPE,
    body: graphqlBatch(names.map((name, i) => `c${i}: addPet(input: { name: ${JSON.stringify(name)}, categoryId: "1" }) { id }`), 'mutation'),
  }),
  errorCodes: (body) => {
    const answers = Array.isArray(body) ? body : [body];
    return answers.flatMap((answer: { errors?: Array<{ extensions?: { code?: string } }> }) =>
      (answer.errors ?? []).map((error) => GRAPHQL_CODES[error.extensions?.code ?? ''] ?? error.extensions?.code),
    );
  },
};

const batchPath = (procedure: string, count: number) => `/trpc/${Array(count).fill(procedure).join(',')}?batch=1`;
const batchInput = (inputs: unknown[]) => JSON.stringify(Object.fromEntries(inputs.map((input, i) => [String(i), input])));

export const trpcWire: WireDoor = {
  name: 'tRPC',
  maxOperations: 10,
  lists: (count) => ({
    method: 'GET',
    path: `${batchPath('pets.list', count)}&input=${encodeURIComponent(batchInput(Array(count).fill({ limit: 1 })))}`,
    headers: {},
  }),
  creates: (names) => ({
    method: 'POST',
    path: batchPath('pets.create', names.length),
    headers: JSON_TYPE,
    body: batchInput(names.map((name) => ({ name, categoryId: 1 }))),
  }),
  errorCodes: (body) => {
    const answers = Array.isArray(body) ? body : [body];
    return answers.map((answer: { error?: { data?: { domainCode?: string } } }) => answer.error?.data?.domainCode);
  },
};

export const WIRE_DOORS: readonly WireDoor[] = [restWire, graphqlWire, trpcWire];
