import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { createPetstoreRestClient } from '@petstore/client';
import { createPetstoreClient } from '@petstore/trpc-client';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type Koa from 'koa';
import { buildA0 } from './floors/a0-app.js';
import { buildT0 } from './floors/t0-app.js';
import { buildL0 } from './l0-app.js';
import { leanEnvelope, type Budget, type LeanEnvelope } from './lean-envelope.js';
import { buildPeer } from './peer/app.js';
import { PetShelf } from './pet-shelf.js';
import { benchPet, LIST_SIZE } from './pets.js';
import { consumerListQuery } from './testing/consumer-query.js';

const API_KEY = 'psk_references-test-key';
const PETS = Array.from({ length: LIST_SIZE }, (_, i) => ({ id: i + 1, ...benchPet(i + 1) }));
const ENVELOPE_HEADERS = ['x-request-id', 'x-content-type-options', 'content-security-policy', 'cache-control', 'ratelimit', 'ratelimit-policy'];

interface Running {
  baseUrl: string;
  envelope: LeanEnvelope;
  /** The access lines written so far. */
  lines: Record<string, unknown>[];
  close(): Promise<void>;
}

type Start = (envelope: LeanEnvelope) => Promise<{ port: number; close(): Promise<void> }>;

/** A Koa reference (L0, A0, T0) on node:http, as servers/*.ts start them. */
const koaStart =
  (build: (envelope: LeanEnvelope, shelf: PetShelf) => Koa | Promise<Koa>): Start =>
  async (envelope) => {
    const handle = (await build(envelope, new PetShelf())).callback();
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
  };

const startL0 = koaStart(buildL0);

const startPeer: Start = async (envelope) => {
  const app = await buildPeer(envelope, new PetShelf());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
};

async function running(start: Start, budget: Budget = { limit: 1000, windowSeconds: 60 }): Promise<Running> {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ base: null }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const envelope = leanEnvelope({ apiKey: API_KEY, budget, logger });
  const listening = await start(envelope);
  return { baseUrl: `http://127.0.0.1:${listening.port}`, envelope, lines, close: () => listening.close() };
}

describe.each([
  { name: 'L0', start: startL0 },
  { name: 'the peer stack', start: startPeer },
])('$name', ({ start }) => {
  it("answers @petstore/client's list with the 20 pets and its create with 201, the pet and its Location", async () => {
    const server = await running(start);
    try {
      const client = createPetstoreRestClient({ baseUrl: `${server.baseUrl}/v1`, apiKey: API_KEY });
      const list = await client.GET('/pets');
      // The REST client reads every categoryId as a bigint, exact over the int64 range.
      expect(list.data).toEqual(PETS.map((pet) => ({ ...pet, categoryId: BigInt(pet.categoryId) })));
      const created = await client.POST('/pets', { body: { name: 'Rex', categoryId: 4, status: 'pending' } });
      expect(created.response.status).toBe(201);
      expect(created.data).toEqual({ id: LIST_SIZE + 1, name: 'Rex', categoryId: 4n, status: 'pending' });
      expect(created.response.headers.get('location')).toBe(`/v1/pets/${LIST_SIZE + 1}`);
      for (const name of ENVELOPE_HEADERS) expect(list.response.headers.get(name), name).not.toBeNull();
    } finally {
      await server.close();
    }
  });

  it('refuses a body without a name, an unknown key with 401 and a spent budget with 429, each with the envelope headers', async () => {
    const server = await running(start, { limit: 2, windowSeconds: 60 });
    try {
      const send = (apiKey: string, body?: string) =>
        fetch(`${server.baseUrl}/v1/pets`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          ...(body !== undefined && { body }),
        });
      expect((await send(API_KEY, '{"categoryId":1}')).status).toBe(400);
      const unknown = await send('psk_not-a-key');
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('www-authenticate')).toBe('Bearer');
      expect(await unknown.json()).toMatchObject({ code: 'unauthorized', status: 401 });
      expect((await send(API_KEY)).headers.get('ratelimit-remaining')).toBe('0');
      const spent = await send(API_KEY);
      expect(spent.status).toBe(429);
      expect(spent.headers.get('retry-after')).toMatch(/^\d+$/);
      for (const name of ENVELOPE_HEADERS.slice(0, 4)) expect(unknown.headers.get(name), name).not.toBeNull();
      for (const name of ENVELOPE_HEADERS) expect(spent.headers.get(name), name).not.toBeNull();
    } finally {
      await server.close();
    }
  });

  it('writes one access line and counts one request per answer, refusals included', async () => {
    const server = await running(start);
    try {
      const ok = await fetch(`${server.baseUrl}/v1/pets`, { headers: { authorization: `Bearer ${API_KEY}` } });
      const refused = await fetch(`${server.baseUrl}/v1/pets`);
      // An access line is written once the answer is out: wait for the second.
      await expect.poll(() => server.lines.length).toBe(2);
      expect(server.lines.map(({ method, path, status, requestId }) => ({ method, path, status, requestId }))).toEqual([
        { method: 'GET', path: '/v1/pets', status: 200, requestId: ok.headers.get('x-request-id') },
        { method: 'GET', path: '/v1/pets', status: 401, requestId: refused.headers.get('x-request-id') },
      ]);
      const counted = (await server.envelope.registry.getSingleMetric('http_requests_total')?.get())?.values ?? [];
      expect(counted.map(({ labels, value }) => [labels['status'], value]).sort()).toEqual([
        ['200', 1],
        ['401', 1],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe.each([
  { name: 'the peer stack', start: startPeer },
  { name: 'A0', start: koaStart(buildA0) },
])('$name', ({ start }) => {
  it("answers Apollo Client 4's list query with the 20 pets, through the lean envelope", async () => {
    const server = await running(start);
    try {
      const link = new HttpLink({ uri: `${server.baseUrl}/graphql`, headers: { authorization: `Bearer ${API_KEY}` } });
      const apollo = new ApolloClient({ link, cache: new InMemoryCache() });
      const page = await apollo.query<{ petsPage: { pets: { id: string; name: string; status: string }[]; nextCursor: string | null } }>({
        query: gql(await consumerListQuery()),
        variables: { limit: LIST_SIZE },
      });
      expect(page.data?.petsPage.pets.map(({ id, name, status }) => ({ id, name, status }))).toEqual(
        PETS.map(({ id, name }) => ({ id: String(id), name, status: 'AVAILABLE' })),
      );
      expect(page.data?.petsPage.nextCursor).toBeNull();
      await expect.poll(() => server.lines.length).toBe(1);
      expect(server.lines[0]).toMatchObject({ method: 'POST', path: '/graphql', status: 200 });
      const refused = await fetch(`${server.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe.each([
  { name: 'the peer stack', start: startPeer },
  { name: 'T0', start: koaStart(buildT0) },
])('$name', ({ start }) => {
  it("answers @petstore/trpc-client's batched and lone pets.list with the 20 pets, through the lean envelope", async () => {
    const server = await running(start);
    try {
      const trpc = createPetstoreClient({ baseUrl: server.baseUrl, apiKey: API_KEY });
      expect(await trpc.pets.list.query({ limit: LIST_SIZE })).toEqual(PETS);
      const lone = createPetstoreClient({ baseUrl: server.baseUrl, apiKey: API_KEY, batch: false });
      expect(await lone.pets.list.query({ limit: 3 })).toEqual(PETS.slice(0, 3));
      await expect.poll(() => server.lines.length).toBe(2);
      for (const line of server.lines) expect(line).toMatchObject({ method: 'GET', path: '/trpc/pets.list', status: 200 });
      const refused = await fetch(`${server.baseUrl}/trpc/pets.list?batch=1&input=${encodeURIComponent('{"0":{"limit":20}}')}`);
      expect(refused.status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
