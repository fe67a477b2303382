import { describe, expect, it } from 'vitest';
import { describeFailure } from './load.js';
import { checkBody } from './preflight.js';
import { readSettings } from './settings.js';
import { allTargets, selectTargets } from './targets.js';

const pets = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1 }));

describe('checkBody', () => {
  it('accepts the 20 pets bare from REST, in data.pets from GraphQL and in result.data from tRPC', () => {
    expect(checkBody(JSON.stringify(pets(20)), 'rest', 'list')).toBeUndefined();
    expect(checkBody(JSON.stringify({ data: { pets: pets(20) } }), 'graphql', 'list')).toBeUndefined();
    expect(checkBody(JSON.stringify({ result: { data: pets(20) } }), 'trpc', 'list')).toBeUndefined();
  });

  it('refuses another count, GraphQL errors and non-JSON', () => {
    expect(checkBody(JSON.stringify(pets(19)), 'rest', 'list')).toMatch(/20 pets, got 19/);
    expect(checkBody(JSON.stringify({ errors: [{ message: 'no' }], data: null }), 'graphql', 'list')).toMatch(/GraphQL errors/);
    expect(checkBody('<html>', 'rest', 'pet')).toMatch(/not JSON/);
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

  it('brings each chosen target’s baseline along', () => {
    expect(ids(['mongodb.rest.list'])).toEqual(['memory.b0', 'memory.k0', 'mongodb.d0', 'mongodb.rest.list']);
    expect(ids(['scale'])).toEqual(['scale.small', 'scale.large']);
  });

  it('takes a prefix to mean every target under it, and nothing to mean all', () => {
    expect(ids(['memory.rest'])).toEqual(['memory.b0', 'memory.k0', 'memory.rest.list', 'memory.rest.create', 'memory.rest.get']);
    expect(ids(['memory.k0'])).toEqual(['memory.k0']);
    expect(ids([])).toHaveLength(15);
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
