import type { LoadRequest } from './load.js';
import { LIST_SIZE, NEW_PET_BODY } from './pets.js';
import type { ServerEntry } from './server-process.js';
import type { ReadyMessage } from './servers/ipc.js';

export const B0 = 'memory.b0';
export const K0 = 'memory.k0';
export const D0 = 'mongodb.d0';
/** D0 with the service's client options instead of the driver's defaults. */
export const D0_SERVICE = 'mongodb.d0.service';
/** The driver alone inserting a pet with the service's client options (its write concern). */
export const D0_INSERT = 'mongodb.d0.insert';
export const SCALE_SMALL = 'scale.small';
export const SCALE_LARGE = 'scale.large';
export const SMALL_SCALE_PETS = 1000;

export type Store = 'memory' | 'mongodb';
export type Door = 'baseline' | 'rest' | 'graphql' | 'trpc';
/** What the one check before the load expects back. */
export type Expect = 'list' | 'pet' | 'created';

export interface TargetSpec {
  id: string;
  label: string;
  store: Store;
  door: Door;
  entry: ServerEntry;
  /** Set in the child's environment on top of what every child gets (start-target.ts). */
  env?: Record<string, string>;
  /** Pets the server holds; 20 unless a scaling target. */
  pets: number;
  /** Seed straight into the embedded store and measure heap per pet (scaling targets). */
  scale: boolean;
  /**
   * Targets this one is compared with, round by round, the first the closest (K0 for a door on
   * the embedded store, D0 on MongoDB, the driver-only insert for a create on MongoDB, the small
   * store for the large one); BENCH_ONLY brings them along.
   */
  baselineIds: string[];
  expect: Expect;
  /** Every answer is the same text, so autocannon checks each body against the first. */
  sameBodyEveryTime: boolean;
  request(server: { baseUrl: string; ready: ReadyMessage }): LoadRequest;
}

const GRAPHQL_LIST_QUERY = JSON.stringify({ query: '{ pets { id name categoryId status } }' });
const TRPC_LIST_INPUT = encodeURIComponent(JSON.stringify({ limit: LIST_SIZE }));

const bearer = (ready: ReadyMessage) => ({ authorization: `Bearer ${ready.apiKey ?? ''}` });
const json = { 'content-type': 'application/json' };

type Door3 = Omit<TargetSpec, 'id' | 'store' | 'baselineIds' | 'pets' | 'scale' | 'entry'> & { key: string };

/** The five door operations measured on each store. */
const DOOR_TARGETS: Door3[] = [
  {
    key: 'rest.list',
    label: 'REST `GET /v1/pets`',
    door: 'rest',
    expect: 'list',
    sameBodyEveryTime: true,
    request: ({ baseUrl, ready }) => ({ url: `${baseUrl}/v1/pets`, method: 'GET', headers: bearer(ready) }),
  },
  {
    key: 'graphql.list',
    label: 'GraphQL `{ pets { … } }`',
    door: 'graphql',
    expect: 'list',
    sameBodyEveryTime: true,
    request: ({ baseUrl, ready }) => ({
      url: `${baseUrl}/graphql`,
      method: 'POST',
      headers: { ...bearer(ready), ...json },
      body: GRAPHQL_LIST_QUERY,
    }),
  },
  {
    key: 'trpc.list',
    label: 'tRPC `pets.list`',
    door: 'trpc',
    expect: 'list',
    sameBodyEveryTime: true,
    request: ({ baseUrl, ready }) => ({ url: `${baseUrl}/trpc/pets.list?input=${TRPC_LIST_INPUT}`, method: 'GET', headers: bearer(ready) }),
  },
  {
    key: 'rest.create',
    label: 'REST `POST /v1/pets`',
    door: 'rest',
    expect: 'created',
    sameBodyEveryTime: false,
    request: ({ baseUrl, ready }) => ({ url: `${baseUrl}/v1/pets`, method: 'POST', headers: { ...bearer(ready), ...json }, body: NEW_PET_BODY }),
  },
  {
    key: 'rest.get',
    label: 'REST `GET /v1/pets/{id}`',
    door: 'rest',
    expect: 'pet',
    sameBodyEveryTime: true,
    request: ({ baseUrl, ready }) => ({ url: `${baseUrl}/v1/pets/${ready.petId ?? 1}`, method: 'GET', headers: bearer(ready) }),
  },
];

const listBaseline = (id: string, label: string, store: Store, entry: ServerEntry, path: string, env?: Record<string, string>): TargetSpec => ({
  id,
  label,
  store,
  door: 'baseline',
  entry,
  ...(env && { env }),
  pets: LIST_SIZE,
  scale: false,
  baselineIds: [],
  expect: 'list',
  sameBodyEveryTime: true,
  request: ({ baseUrl }) => ({ url: `${baseUrl}${path}`, method: 'GET', headers: {} }),
});

const SERVICE_CLIENT_OPTIONS = { BENCH_CLIENT_OPTIONS: 'service' };

const insertBaseline: TargetSpec = {
  id: D0_INSERT,
  label: 'D0 insert: `node:http` + driver `insertOne`, service client options',
  store: 'mongodb',
  door: 'baseline',
  entry: 'd0-insert',
  env: SERVICE_CLIENT_OPTIONS,
  pets: 0,
  scale: false,
  baselineIds: [],
  expect: 'created',
  sameBodyEveryTime: false,
  request: ({ baseUrl }) => ({ url: `${baseUrl}/`, method: 'POST', headers: json, body: NEW_PET_BODY }),
};

const scaleTarget = (id: string, pets: number, baselineIds: string[]): TargetSpec => ({
  ...(DOOR_TARGETS[0] as Door3),
  id,
  label: `REST \`GET /v1/pets\`, ${pets.toLocaleString('en-US')} pets stored`,
  store: 'memory',
  entry: 'gateway',
  pets,
  scale: true,
  baselineIds,
});

/** Baselines of a MongoDB door: D0 and the closest driver-only variant of what the door does. */
const mongoBaselines = (key: string): string[] => {
  if (key === 'rest.create') return [D0_INSERT, D0, K0, B0];
  if (key.endsWith('.list')) return [D0, D0_SERVICE, K0, B0];
  return [D0, K0, B0];
};

/**
 * Every target of a run, the list baselines first within each store; on MongoDB the driver-only
 * insert comes just before the create it is measured against.
 */
export function allTargets(scalePets: number): TargetSpec[] {
  const doors = (store: Store, baselineIds: (key: string) => string[]): TargetSpec[] =>
    DOOR_TARGETS.flatMap(({ key, ...target }) => [
      ...(store === 'mongodb' && key === 'rest.create' ? [insertBaseline] : []),
      {
        ...target,
        id: `${store}.${key}`,
        store,
        entry: 'gateway' as const,
        pets: LIST_SIZE,
        scale: false,
        baselineIds: baselineIds(key),
      },
    ]);
  return [
    listBaseline(B0, 'B0: `node:http`, precomputed JSON', 'memory', 'b0', '/'),
    listBaseline(K0, 'K0: Koa + `@koa/router`, precomputed JSON', 'memory', 'k0', '/v1/pets'),
    ...doors('memory', () => [K0, B0]),
    scaleTarget(SCALE_SMALL, SMALL_SCALE_PETS, []),
    scaleTarget(SCALE_LARGE, scalePets, [SCALE_SMALL]),
    listBaseline(D0, 'D0: `node:http` + driver `find`', 'mongodb', 'd0', '/'),
    listBaseline(D0_SERVICE, 'D0 with the service client options', 'mongodb', 'd0', '/', SERVICE_CLIENT_OPTIONS),
    ...doors('mongodb', mongoBaselines),
  ];
}

/**
 * The targets BENCH_ONLY asks for (ids or id prefixes, comma-separated), with the baselines they
 * are divided by; every target when `only` is empty.
 */
export function selectTargets(targets: TargetSpec[], only: string[]): TargetSpec[] {
  if (only.length === 0) return targets;
  const wanted = new Set(targets.filter((t) => only.some((prefix) => t.id === prefix || t.id.startsWith(`${prefix}.`))).map((t) => t.id));
  for (const target of targets) if (wanted.has(target.id)) for (const id of target.baselineIds) wanted.add(id);
  return targets.filter((t) => wanted.has(t.id));
}
