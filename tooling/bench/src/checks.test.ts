import { describe, expect, it } from 'vitest';
import { describeFailure } from './load.js';
import { checkBody } from './preflight.js';
import { readSettings } from './settings.js';
import { childEnv } from './start-target.js';
import type { TargetSpec } from './target-spec.js';
import { allTargets, selectTargets } from './targets.js';

const pets = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1 }));

describe('checkBody', () => {
  it('accepts the 20 pets bare from REST, in data.pets or data.petsPage.pets from GraphQL and in result.data from tRPC, batched or not', () => {
    expect(checkBody(JSON.stringify(pets(20)), 'rest', 'list')).toBeUndefined();
    expect(checkBody(JSON.stringify({ data: { pets: pets(20) } }), 'graphql', 'list')).toBeUndefined();
    expect(checkBody(JSON.stringify({ data: { petsPage: { pets: pets(20), nextCursor: null } } }), 'graphql', 'list')).toBeUndefined();
    expect(checkBody(JSON.stringify({ result: { data: pets(20) } }), 'trpc', 'list')).toBeUndefined();
    expect(checkBody(JSON.stringify([{ result: { data: pets(20) } }]), 'trpc', 'list')).toBeUndefined();
  });

  it('refuses another count, GraphQL errors and non-JSON', () => {
    expect(checkBody(JSON.stringify(pets(19)), 'rest', 'list')).toMatch(/20 pets, got 19/);
    expect(checkBody(JSON.stringify({ errors: [{ message: 'no' }], data: null }), 'graphql', 'list')).toMatch(/GraphQL errors/);
    expect(checkBody('<html>', 'rest', 'pet')).toMatch(/not JSON/);
    expect(checkBody(JSON.stringify({ data: { petsPage: { pets: pets(6) } } }), 'graphql', 'list')).toMatch(/20 pets, got 6/);
    expect(checkBody(JSON.stringify([{ error: { message: 'no' } }]), 'trpc', 'list')).toMatch(/no tRPC result/);
  });
});

describe('describeFailure', () => {
  it('passes a clean run and names status codes, errors and body mismatches otherwise', () => {
    expect(describeFailure({ non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 })).toBeUndefined();
    const text = describeFailure(
      { non2xx: 3, errors: 2, timeouts: 1, mismatches: 3, statusCodeStats: { '200': { count: 9 }, '429': { count: 3 } } },
      'ECONNRESET',
    );
    expect(text).toBe('3 non-2xx responses (3×429); 2 errors (1 timeouts): ECONNRESET; 3 responses with an unexpected body');
  });
});

describe('selectTargets', () => {
  const ids = (only: string[]) => selectTargets(allTargets(1000), only).map((t) => t.id);

  it('brings along each chosen target’s baselines, and on the embedded store the REST list, L0, the door’s floor and the peer doing the same', () => {
    expect(ids(['mongodb.rest.list'])).toEqual(['memory.b0', 'memory.k0', 'mongodb.d0', 'mongodb.d0.service', 'mongodb.l0', 'mongodb.rest.list']);
    expect(ids(['mongodb.rest.create'])).toEqual([
      'memory.b0',
      'memory.k0',
      'mongodb.d0',
      'mongodb.rest.list',
      'mongodb.d0.insert',
      'mongodb.l0.create',
      'mongodb.rest.create',
    ]);
    expect(ids(['mongodb.rest.get'])).toEqual(['memory.b0', 'memory.k0', 'mongodb.d0', 'mongodb.rest.list', 'mongodb.rest.get']);
    expect(ids(['memory.graphql.list'])).toEqual([
      'memory.b0',
      'memory.k0',
      'memory.l0',
      'memory.a0',
      'memory.rest.list',
      'memory.graphql.list',
      'peer.graphql.list',
    ]);
    expect(ids(['memory.rest.create'])).toEqual([
      'memory.b0',
      'memory.k0',
      'memory.l0.create',
      'memory.rest.list',
      'memory.rest.create',
      'peer.rest.create',
    ]);
    expect(ids(['peer.trpc.list'])).toEqual(['memory.l0', 'peer.trpc.list']);
    expect(ids(['scale'])).toEqual(['scale.small', 'scale.large']);
  });

  it('puts the driver-only insert and L0’s create on MongoDB just before the create they are measured against', () => {
    const mongo = ids([]).filter((id) => id.startsWith('mongodb.'));
    expect(mongo.indexOf('mongodb.d0.insert') + 2).toBe(mongo.indexOf('mongodb.rest.create'));
    expect(mongo.indexOf('mongodb.l0.create') + 1).toBe(mongo.indexOf('mongodb.rest.create'));
  });

  it('takes a prefix to mean every target under it, and nothing to mean all', () => {
    expect(ids(['memory.trpc'])).toEqual([
      'memory.b0',
      'memory.k0',
      'memory.l0',
      'memory.t0',
      'memory.rest.list',
      'memory.trpc.list',
      'memory.trpc.list.unbatched',
      'peer.trpc.list',
    ]);
    expect(ids(['memory.k0'])).toEqual(['memory.k0']);
    expect(ids(['mongodb.d0'])).toEqual(['mongodb.d0', 'mongodb.d0.service', 'mongodb.d0.insert']);
    // The first-sight stream is measured on the embedded store alone, with what it is divided by.
    expect(ids(['memory.graphql.first-sight'])).toEqual(['memory.b0', 'memory.k0', 'memory.rest.list', 'memory.graphql.first-sight']);
    expect(ids([])).toHaveLength(30);
  });
});

describe('childEnv', () => {
  const env = (id: string) => {
    const target = allTargets(1000).find((t) => t.id === id) as TargetSpec;
    return childEnv(target, { mongoUri: 'mongodb://127.0.0.1:1', runId: 'r1', cpu: null, profileDir: undefined });
  };

  it('gives D0 the driver defaults and its variants and L0 on MongoDB the service client options, each on its own database', () => {
    expect(env('mongodb.d0')).not.toHaveProperty('BENCH_CLIENT_OPTIONS');
    expect(env('mongodb.d0.service')).toMatchObject({ BENCH_CLIENT_OPTIONS: 'service', BENCH_DB: 'bench_r1_mongodb_d0_service' });
    expect(env('mongodb.d0.insert')).toMatchObject({ BENCH_CLIENT_OPTIONS: 'service', BENCH_DB: 'bench_r1_mongodb_d0_insert' });
    expect(env('mongodb.l0')).toMatchObject({ BENCH_CLIENT_OPTIONS: 'service', BENCH_DB: 'bench_r1_mongodb_l0' });
    expect(env('mongodb.l0.create')).toMatchObject({ BENCH_CLIENT_OPTIONS: 'service', BENCH_DB: 'bench_r1_mongodb_l0_create' });
    expect(env('mongodb.rest.create')).not.toHaveProperty('BENCH_CLIENT_OPTIONS');
  });
});

describe('readSettings', () => {
  it('writes BENCHMARKS.md only for a full run unless told', () => {
    expect(readSettings({})).toMatchObject({ rounds: 4, seconds: 5, write: true });
    expect(readSettings({ BENCH_QUICK: '1' })).toMatchObject({ rounds: 1, seconds: 2, write: false });
    expect(readSettings({ BENCH_ONLY: 'memory' }).write).toBe(false);
    expect(readSettings({ BENCH_QUICK: '1', BENCH_WRITE: '1' }).write).toBe(true);
  });

  it('refuses a setting that is not a positive number', () => {
    expect(() => readSettings({ BENCH_ROUNDS: 'many' })).toThrow(/BENCH_ROUNDS/);
  });
});
