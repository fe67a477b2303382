import type { LoadRequest } from './load.js';
import { LIST_SIZE, NEW_PET_BODY } from './pets.js';
import type { ReadyMessage } from './servers/ipc.js';

/**
 * The requests the bench replays, each exactly as one of the project's own clients sends it by
 * default (client-requests.test.ts runs each client against a capturing server and compares):
 * a benchmark of a request shape no client sends would measure a path no user takes.
 */

export interface Caller {
  baseUrl: string;
  apiKey: string;
}

/** The caller of a server under test: the key it made and reported when ready. */
export function callerOf({ baseUrl, ready }: { baseUrl: string; ready: ReadyMessage }): Caller {
  return { baseUrl, apiKey: ready.apiKey ?? '' };
}

// What Node's fetch sends when the client names no Accept: @petstore/client and @trpc/client leave it to fetch.
const ACCEPT_ANY = { accept: '*/*' };
const JSON_BODY = { 'content-type': 'application/json' };
const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

/** `@petstore/client`: `client.GET('/pets')`. */
export function restList({ baseUrl, apiKey }: Caller): LoadRequest {
  return { url: `${baseUrl}/v1/pets`, method: 'GET', headers: { ...bearer(apiKey), ...ACCEPT_ANY } };
}

/** `@petstore/client`: `client.POST('/pets', { body })`. */
export function restCreate({ baseUrl, apiKey }: Caller): LoadRequest {
  return { url: `${baseUrl}/v1/pets`, method: 'POST', headers: { ...bearer(apiKey), ...ACCEPT_ANY, ...JSON_BODY }, body: NEW_PET_BODY };
}

/** `@petstore/client`: `client.GET('/pets/{petId}', { params: { path: { petId } } })`. */
export function restGet({ baseUrl, apiKey }: Caller, petId: number): LoadRequest {
  return { url: `${baseUrl}/v1/pets/${petId}`, method: 'GET', headers: { ...bearer(apiKey), ...ACCEPT_ANY } };
}

/**
 * The list query of the example GraphQL consumer (tooling/consumers/graphql/src/operations.ts,
 * `AvailablePets`) as Apollo Client 4 prints it: its cache adds `__typename` to every selection.
 */
export const LIST_QUERY_NAME = 'AvailablePets';
const LIST_QUERY = `query AvailablePets($limit: Int) {
  petsPage(limit: $limit, status: AVAILABLE) {
    pets {
      id
      name
      status
      __typename
    }
    nextCursor
    __typename
  }
}`;

/**
 * Apollo Client names itself in every request (`extensions.clientLibrary`), with its version: the
 * test fails when an upgrade changes it, so the body here stays byte for byte what it sends.
 */
const APOLLO_CLIENT = { name: '@apollo/client', version: '4.3.8' };

/** Apollo Client 4's HttpLink: `client.query({ query: AvailablePets, variables: { limit: 20 } })`. */
export function graphqlList(caller: Caller): LoadRequest {
  return { ...apolloRequest(caller), body: apolloBody(LIST_QUERY_NAME, LIST_QUERY) };
}

/**
 * A document no server has seen before, as Apollo Client 4 prints it: ten aliased `pets` fields
 * under an operation name of its own (`FirstSight<n>`), each sight a new n.
 */
export function firstSightQuery(sight: number): string {
  const field = (alias: number) => `  p${alias}: pets(limit: $limit) {\n    id\n    name\n    status\n    __typename\n  }`;
  return `query FirstSight${sight}($limit: Int) {\n${Array.from({ length: 10 }, (_, alias) => field(alias)).join('\n')}\n}`;
}

/**
 * Apollo Client 4's HttpLink running a new document each request (`firstSightQuery`): what a
 * first sight costs the GraphQL door (parse, validation, analysis, execution), as a stream of
 * distinct documents makes it pay on every request. The first body is the check's.
 */
export function graphqlFirstSight(caller: Caller): LoadRequest {
  let sight = 0;
  const bodyOf = (n: number) => apolloBody(`FirstSight${n}`, firstSightQuery(n));
  return { ...apolloRequest(caller), body: bodyOf(0), nextBody: () => bodyOf((sight += 1)) };
}

function apolloRequest({ baseUrl, apiKey }: Caller): LoadRequest {
  return {
    url: `${baseUrl}/graphql`,
    method: 'POST',
    headers: { ...bearer(apiKey), accept: 'application/graphql-response+json,application/json;q=0.9', ...JSON_BODY },
  };
}

function apolloBody(operationName: string, query: string): string {
  return JSON.stringify({ operationName, variables: { limit: LIST_SIZE }, extensions: { clientLibrary: APOLLO_CLIENT }, query });
}

/**
 * `@petstore/trpc-client`: `client.pets.list.query({ limit: 20 })` made alone, in one batch of one
 * by default (httpBatchLink), or on its own with `batch: false` (httpLink).
 */
export function trpcList({ baseUrl, apiKey }: Caller, options: { batch: boolean }): LoadRequest {
  const input = { limit: LIST_SIZE };
  const query = options.batch
    ? `batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`
    : `input=${encodeURIComponent(JSON.stringify(input))}`;
  return { url: `${baseUrl}/trpc/pets.list?${query}`, method: 'GET', headers: { ...bearer(apiKey), ...ACCEPT_ANY } };
}
