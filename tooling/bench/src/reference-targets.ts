import { callerOf, graphqlList, restCreate, restList, trpcList } from './client-requests.js';
import { LIST_SIZE, NEW_PET_BODY } from './pets.js';
import type { ServerEntry } from './server-process.js';
import type { Door, Expect, Store, TargetSpec } from './target-spec.js';

export const B0 = 'memory.b0';
export const K0 = 'memory.k0';
/** Bare Koa + @koa/router with the lean envelope (servers/l0.ts): its list, and its create. */
export const L0 = 'memory.l0';
export const L0_CREATE = 'memory.l0.create';
/** Apollo 5 + graphql-jit (servers/a0.ts) and tRPC's callTRPCProcedure (servers/t0.ts) on bare Koa with L0's envelope. */
export const A0 = 'memory.a0';
export const T0 = 'memory.t0';
/** The peer stack (servers/peer.ts), one door of it per target. */
export const PEER_REST_LIST = 'peer.rest.list';
export const PEER_REST_CREATE = 'peer.rest.create';
export const PEER_GRAPHQL_LIST = 'peer.graphql.list';
export const PEER_TRPC_LIST = 'peer.trpc.list';
export const D0 = 'mongodb.d0';
/** D0 with the service's client options instead of the driver's defaults. */
export const D0_SERVICE = 'mongodb.d0.service';
/** The driver alone inserting a pet with the service's client options (its write concern). */
export const D0_INSERT = 'mongodb.d0.insert';

/** L0 with its pets on MongoDB (D0's query and D0 insert's write, the service's client options): its list, and its create. */
export const L0_MONGO = 'mongodb.l0';
export const L0_MONGO_CREATE = 'mongodb.l0.create';

const REST_LIST = 'memory.rest.list';

interface Reference {
  id: string;
  label: string;
  store: Store;
  door: Door;
  entry: ServerEntry;
  expect: Expect;
  request: TargetSpec['request'];
  env?: Record<string, string>;
  /** Pets the server holds when it starts. */
  pets?: number;
  baselineIds?: string[];
  versus?: TargetSpec['versus'];
}

const reference = ({ pets = LIST_SIZE, baselineIds = [], versus = {}, ...spec }: Reference): TargetSpec => ({
  ...spec,
  reference: true,
  pets,
  scale: false,
  baselineIds,
  versus,
  sameBodyEveryTime: spec.expect === 'list',
});

/** A request with no key: B0, K0 and the driver-only baselines check none (B0 and the driver-only ones route nothing either). */
const bare =
  (method: 'GET' | 'POST', path = '/'): TargetSpec['request'] =>
  ({ baseUrl }) =>
    method === 'GET'
      ? { url: `${baseUrl}${path}`, method, headers: {} }
      : { url: `${baseUrl}${path}`, method, headers: { 'content-type': 'application/json' }, body: NEW_PET_BODY };

const rest = { store: 'memory', door: 'rest' } as const;

/** B0 and K0 (precomputed JSON), L0 (the lean envelope on Koa), requested as the REST door is, and the GraphQL and tRPC floors A0 and T0, as those doors are. */
export function memoryReferences(): TargetSpec[] {
  return [
    reference({ id: B0, label: 'B0: `node:http`, precomputed JSON', ...rest, door: 'baseline', entry: 'b0', expect: 'list', request: bare('GET') }),
    reference({
      id: K0,
      label: 'K0: Koa + `@koa/router`, precomputed JSON',
      ...rest,
      door: 'baseline',
      entry: 'k0',
      expect: 'list',
      request: bare('GET', '/v1/pets'),
    }),
    reference({
      id: L0,
      label: 'L0: Koa + `@koa/router` + lean envelope, `GET /v1/pets`',
      ...rest,
      entry: 'l0',
      expect: 'list',
      request: (s) => restList(callerOf(s)),
      baselineIds: [K0],
      versus: { restList: REST_LIST, l0: L0 },
    }),
    reference({
      id: A0,
      label: "A0: Apollo Server 5 + graphql-jit (`gateway` hook) on Koa + lean envelope, Apollo Client 4's `AvailablePets`",
      ...rest,
      door: 'graphql',
      entry: 'a0',
      expect: 'list',
      request: (s) => graphqlList(callerOf(s)),
      baselineIds: [L0],
      versus: { restList: REST_LIST, l0: L0, floor: A0 },
    }),
    reference({
      id: T0,
      label: "T0: tRPC's `callTRPCProcedure` on Koa + lean envelope, `pets.list` batched",
      ...rest,
      door: 'trpc',
      entry: 't0',
      expect: 'list',
      request: (s) => trpcList(callerOf(s), { batch: true }),
      baselineIds: [L0],
      versus: { restList: REST_LIST, l0: L0, floor: T0 },
    }),
    reference({
      id: L0_CREATE,
      label: 'L0: Koa + `@koa/router` + lean envelope, `POST /v1/pets`',
      ...rest,
      entry: 'l0',
      expect: 'created',
      request: (s) => restCreate(callerOf(s)),
      baselineIds: [K0],
      versus: { restList: REST_LIST, l0: L0_CREATE },
    }),
  ];
}

/** The peer stack's doors, each requested as the service's door of the same kind is. */
export function peerReferences(): TargetSpec[] {
  return [
    peer(PEER_REST_LIST, 'fastify, `GET /v1/pets`', 'rest', 'list', (s) => restList(callerOf(s)), L0),
    peer(PEER_REST_CREATE, 'fastify, `POST /v1/pets`', 'rest', 'created', (s) => restCreate(callerOf(s)), L0_CREATE),
    peer(PEER_GRAPHQL_LIST, "mercurius + graphql-jit, Apollo Client 4's `AvailablePets`", 'graphql', 'list', (s) => graphqlList(callerOf(s)), L0),
    peer(PEER_TRPC_LIST, "tRPC's fastify adapter, `pets.list` batched", 'trpc', 'list', (s) => trpcList(callerOf(s), { batch: true }), L0),
  ];
}

function peer(id: string, what: string, door: Door, expect: Expect, request: TargetSpec['request'], l0: string): TargetSpec {
  return reference({
    id,
    label: `peer: ${what}, lean envelope`,
    store: 'memory',
    door,
    entry: 'peer',
    expect,
    request,
    baselineIds: [l0],
    versus: { restList: REST_LIST, l0 },
  });
}

const SERVICE_CLIENT_OPTIONS = { BENCH_CLIENT_OPTIONS: 'service' };

/** The driver alone on MongoDB: the list with the driver's and with the service's client options, and the insert. */
export const driverBaselines = {
  lists: [
    reference({
      id: D0,
      label: 'D0: `node:http` + driver `find`',
      store: 'mongodb',
      door: 'baseline',
      entry: 'd0',
      expect: 'list',
      request: bare('GET'),
    }),
    reference({
      id: D0_SERVICE,
      label: 'D0 with the service client options',
      store: 'mongodb',
      door: 'baseline',
      entry: 'd0',
      env: SERVICE_CLIENT_OPTIONS,
      expect: 'list',
      request: bare('GET'),
    }),
  ],
  insert: reference({
    id: D0_INSERT,
    label: 'D0 insert: `node:http` + driver `insertOne`, service client options',
    store: 'mongodb',
    door: 'baseline',
    entry: 'd0-insert',
    env: SERVICE_CLIENT_OPTIONS,
    pets: 0,
    expect: 'created',
    request: bare('POST'),
  }),
};

/**
 * L0 on MongoDB: Koa, @koa/router and the lean envelope around the driver's list and insert with
 * the service's client options. Beside D0 (node:http around the same driver calls) it tells what a
 * framework and an envelope at all cost on this path, from what the service's own code costs.
 */
export const mongoL0References = {
  list: reference({
    id: L0_MONGO,
    label: 'L0 on MongoDB: Koa + `@koa/router` + lean envelope + driver `find`, service client options',
    store: 'mongodb',
    door: 'rest',
    entry: 'l0',
    env: SERVICE_CLIENT_OPTIONS,
    expect: 'list',
    request: (s) => restList(callerOf(s)),
    baselineIds: [D0_SERVICE],
  }),
  create: reference({
    id: L0_MONGO_CREATE,
    label: 'L0 on MongoDB: Koa + `@koa/router` + lean envelope + driver `insertOne`, service client options',
    store: 'mongodb',
    door: 'rest',
    entry: 'l0',
    env: SERVICE_CLIENT_OPTIONS,
    expect: 'created',
    request: (s) => restCreate(callerOf(s)),
    baselineIds: [D0_INSERT],
  }),
};
