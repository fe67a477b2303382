import { callerOf, graphqlFirstSight, graphqlList, restCreate, restGet, restList, trpcList } from './client-requests.js';
import { LIST_SIZE } from './pets.js';
import {
  A0,
  B0,
  D0,
  D0_INSERT,
  D0_SERVICE,
  driverBaselines,
  K0,
  L0,
  L0_CREATE,
  L0_MONGO,
  L0_MONGO_CREATE,
  memoryReferences,
  mongoL0References,
  peerReferences,
  PEER_GRAPHQL_LIST,
  PEER_REST_CREATE,
  PEER_REST_LIST,
  PEER_TRPC_LIST,
  T0,
} from './reference-targets.js';
import type { Store, TargetSpec, Versus } from './target-spec.js';

export const REST_LIST = 'memory.rest.list';
export const REST_CREATE = 'memory.rest.create';
export const GRAPHQL_LIST = 'memory.graphql.list';
export const GRAPHQL_FIRST_SIGHT = 'memory.graphql.first-sight';
export const TRPC_LIST = 'memory.trpc.list';
export const SCALE_SMALL = 'scale.small';
export const SCALE_LARGE = 'scale.large';
export const SMALL_SCALE_PETS = 1000;

type DoorTarget = Pick<TargetSpec, 'label' | 'door' | 'expect' | 'sameBodyEveryTime' | 'request'> & {
  key: string;
  /** The same operation on the embedded store's references. */
  l0?: string;
  peer?: string;
  /** The door's own libraries doing the same on bare Koa with L0's envelope. */
  floor?: string;
  /** Measured on the embedded store alone: what it measures is the door's own work, whatever the store. */
  memoryOnly?: boolean;
};

/** The door operations measured on each store, each requested as the project's own client sends it. */
const DOOR_TARGETS: DoorTarget[] = [
  {
    key: 'rest.list',
    label: 'REST `GET /v1/pets` (`@petstore/client`)',
    door: 'rest',
    expect: 'list',
    sameBodyEveryTime: true,
    request: (server) => restList(callerOf(server)),
    l0: L0,
    peer: PEER_REST_LIST,
  },
  {
    key: 'rest.create',
    label: 'REST `POST /v1/pets` (`@petstore/client`)',
    door: 'rest',
    expect: 'created',
    sameBodyEveryTime: false,
    request: (server) => restCreate(callerOf(server)),
    l0: L0_CREATE,
    peer: PEER_REST_CREATE,
  },
  {
    key: 'rest.get',
    label: 'REST `GET /v1/pets/{id}` (`@petstore/client`)',
    door: 'rest',
    expect: 'pet',
    sameBodyEveryTime: true,
    request: (server) => restGet(callerOf(server), server.ready.petId ?? 1),
  },
  {
    key: 'graphql.list',
    label: "GraphQL `AvailablePets`, Apollo Client 4's request",
    door: 'graphql',
    expect: 'list',
    sameBodyEveryTime: true,
    request: (server) => graphqlList(callerOf(server)),
    l0: L0,
    peer: PEER_GRAPHQL_LIST,
    floor: A0,
  },
  {
    key: 'graphql.first-sight',
    label: "GraphQL, a document never seen before each request (ten aliased `pets`), Apollo Client 4's request",
    door: 'graphql',
    expect: 'list',
    // Every document answers the same ten lists of the same pets.
    sameBodyEveryTime: true,
    request: (server) => graphqlFirstSight(callerOf(server)),
    memoryOnly: true,
  },
  {
    key: 'trpc.list',
    label: 'tRPC `pets.list` as `@petstore/trpc-client` sends it (batched)',
    door: 'trpc',
    expect: 'list',
    sameBodyEveryTime: true,
    request: (server) => trpcList(callerOf(server), { batch: true }),
    l0: L0,
    peer: PEER_TRPC_LIST,
    floor: T0,
  },
  {
    key: 'trpc.list.unbatched',
    label: 'tRPC `pets.list`, `@petstore/trpc-client` with `batch: false`',
    door: 'trpc',
    expect: 'list',
    sameBodyEveryTime: true,
    request: (server) => trpcList(callerOf(server), { batch: false }),
    l0: L0,
  },
];

const scaleTarget = (id: string, pets: number, baselineIds: string[]): TargetSpec => ({
  ...doorTarget('memory', DOOR_TARGETS[0] as DoorTarget),
  id,
  label: `REST \`GET /v1/pets\`, ${pets.toLocaleString('en-US')} pets stored`,
  pets,
  scale: true,
  baselineIds,
  versus: {},
});

/** Baselines of a MongoDB door: D0 and the closest driver-only variant of what the door does. */
const mongoBaselines = (key: string): string[] => {
  if (key === 'rest.create') return [D0_INSERT, L0_MONGO_CREATE, D0, K0, B0];
  if (key.endsWith('.list') || key.endsWith('.unbatched')) return [D0, D0_SERVICE, L0_MONGO, K0, B0];
  return [D0, K0, B0];
};

/** L0 doing the same on MongoDB as a door's L0 does on the embedded store. */
const mongoL0 = (l0: string | undefined): string | undefined => (l0 === L0 ? L0_MONGO : l0 === L0_CREATE ? L0_MONGO_CREATE : undefined);

/**
 * A door of the gateway. On the embedded store it is compared with L0 and the peer doing the same
 * and with the REST list; on MongoDB with the driver alone, L0 on MongoDB doing the same, and the
 * REST list on MongoDB (the peers hold their pets in memory, so only the embedded store's doors
 * are set beside them).
 */
function doorTarget(store: Store, { key, l0, peer, floor, memoryOnly: _memoryOnly, ...target }: DoorTarget): TargetSpec {
  const id = `${store}.${key}`;
  const restList = `${store}.rest.list`;
  const onMemory = store === 'memory';
  const onMongo = mongoL0(l0);
  const versus: Versus = onMemory
    ? { restList, ...(l0 && { l0 }), ...(peer && { peer }), ...(floor && { floor }) }
    : { restList, ...(onMongo && { l0: onMongo }) };
  const baselines = onMemory ? [...(l0 ? [l0] : []), ...(floor ? [floor] : []), K0, B0] : mongoBaselines(key);
  const columns = [versus.peer, restList].filter((other): other is string => other !== undefined && other !== id);
  return {
    ...target,
    id,
    store,
    reference: false,
    entry: 'gateway',
    pets: LIST_SIZE,
    scale: false,
    baselineIds: [...baselines, ...columns],
    versus,
  };
}

/**
 * Every target of a run: on the embedded store the bare references, the doors, then the peer
 * stack; on MongoDB the driver-only lists, then the doors, the driver-only insert just before the
 * create it is measured against.
 */
export function allTargets(scalePets: number): TargetSpec[] {
  const doors = (store: Store): TargetSpec[] =>
    DOOR_TARGETS.filter((target) => store === 'memory' || !target.memoryOnly).flatMap((target) => [
      ...(store === 'mongodb' && target.key === 'rest.create' ? [driverBaselines.insert, mongoL0References.create] : []),
      doorTarget(store, target),
    ]);
  return [
    ...memoryReferences(),
    ...doors('memory'),
    ...peerReferences(),
    scaleTarget(SCALE_SMALL, SMALL_SCALE_PETS, []),
    scaleTarget(SCALE_LARGE, scalePets, [SCALE_SMALL]),
    ...driverBaselines.lists,
    mongoL0References.list,
    ...doors('mongodb'),
  ];
}

/**
 * The targets BENCH_ONLY asks for (ids or id prefixes, comma-separated), with the targets they
 * are divided by; every target when `only` is empty.
 */
export function selectTargets(targets: TargetSpec[], only: string[]): TargetSpec[] {
  if (only.length === 0) return targets;
  const wanted = new Set(targets.filter((t) => only.some((prefix) => t.id === prefix || t.id.startsWith(`${prefix}.`))).map((t) => t.id));
  for (const target of targets) if (wanted.has(target.id)) for (const id of target.baselineIds) wanted.add(id);
  return targets.filter((t) => wanted.has(t.id));
}
