import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { createPetstoreRestClient } from '@petstore/client';
import { createPetstoreClient } from '@petstore/trpc-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstSightQuery, graphqlFirstSight, graphqlList, restCreate, restGet, restList, trpcList, type Caller } from './client-requests.js';
import type { LoadRequest } from './load.js';
import { LIST_SIZE, NEW_PET_BODY } from './pets.js';
import { consumerListQuery } from './testing/consumer-query.js';

interface Sent {
  method: string;
  /** Path and query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Headers a client's request carries that the bench leaves to autocannon (framing) or leaves out:
 * Node's fetch adds the others to every request, and no server under test reads them (none
 * compresses, none negotiates a language).
 */
const NOT_REPLAYED = ['host', 'connection', 'content-length', 'accept-encoding', 'accept-language', 'sec-fetch-mode', 'user-agent'];

const comparable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_REPLAYED.includes(name.toLowerCase())));

const replayed = (request: LoadRequest): Sent => {
  const url = new URL(request.url);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method: request.method, path: `${url.pathname}${url.search}`, headers, body: request.body ?? '' };
};

/** Just enough of each door's answer for the client to take it as a success. */
function answerFor(method: string, path: string): { status: number; body: string } {
  if (path.startsWith('/graphql')) return { status: 200, body: '{"data":{"petsPage":{"pets":[],"nextCursor":null,"__typename":"PetPage"}}}' };
  if (path.startsWith('/trpc/')) return { status: 200, body: path.includes('batch=1') ? '[{"result":{"data":[]}}]' : '{"result":{"data":[]}}' };
  if (method === 'POST') return { status: 201, body: '{"id":21,"name":"Bench pet","categoryId":3,"status":"available"}' };
  return { status: 200, body: path === '/v1/pets' ? '[]' : '{"id":7,"name":"Pet 7","categoryId":1}' };
}

describe('the requests the bench replays', () => {
  const sent: Sent[] = [];
  let server: Server;
  let caller: Caller;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        sent.push({ method: req.method ?? '', path, headers: comparable(req.headers), body: Buffer.concat(chunks).toString('utf8') });
        const { status, body } = answerFor(req.method ?? '', path);
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    caller = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'psk_bench-capture-key' };
  });
  beforeEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("are Apollo Client 4's request for the example consumer's list query", async () => {
    const link = new HttpLink({ uri: `${caller.baseUrl}/graphql`, headers: { authorization: `Bearer ${caller.apiKey}` } });
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    await client.query({ query: gql(await consumerListQuery()), variables: { limit: LIST_SIZE } });
    expect(sent).toEqual([replayed(graphqlList(caller))]);
  });

  it("are Apollo Client 4's request for a new document each time, in the first-sight stream", async () => {
    const link = new HttpLink({ uri: `${caller.baseUrl}/graphql`, headers: { authorization: `Bearer ${caller.apiKey}` } });
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    for (const sight of [0, 1]) await client.query({ query: gql(firstSightQuery(sight)), variables: { limit: LIST_SIZE } });
    const stream = graphqlFirstSight(caller);
    expect(sent).toEqual([replayed(stream), replayed({ ...stream, body: stream.nextBody?.() ?? '' })]);
  });

  it("are @petstore/trpc-client's lone pets.list call, batched by default and alone with batch: false", async () => {
    await createPetstoreClient({ baseUrl: caller.baseUrl, apiKey: caller.apiKey }).pets.list.query({ limit: LIST_SIZE });
    await createPetstoreClient({ baseUrl: caller.baseUrl, apiKey: caller.apiKey, batch: false }).pets.list.query({ limit: LIST_SIZE });
    expect(sent).toEqual([replayed(trpcList(caller, { batch: true })), replayed(trpcList(caller, { batch: false }))]);
    expect(sent[0]?.path).toMatch(/^\/trpc\/pets\.list\?batch=1&input=/);
  });

  it("are @petstore/client's list, create and get", async () => {
    const client = createPetstoreRestClient({ baseUrl: `${caller.baseUrl}/v1`, apiKey: caller.apiKey });
    await client.GET('/pets');
    await client.POST('/pets', { body: JSON.parse(NEW_PET_BODY) as { name: string; categoryId: number } });
    await client.GET('/pets/{petId}', { params: { path: { petId: 7 } } });
    expect(sent).toEqual([replayed(restList(caller)), replayed(restCreate(caller)), replayed(restGet(caller, 7))]);
  });
});
