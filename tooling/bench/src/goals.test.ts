import { describe, expect, it } from 'vitest';
import { evaluateGoals, issueGoals, type Goal } from './goals.js';
import type { LoadResult } from './load.js';
import type { TargetOutcome } from './outcome.js';
import { allTargets, type TargetSpec } from './targets.js';

const specs = new Map(allTargets(1_000_000).map((spec) => [spec.id, spec]));

const round = (requestsPerSecond: number, p50Ms = 1, p99Ms = p50Ms * 3): LoadResult => ({
  requests: requestsPerSecond,
  seconds: 1,
  requestsPerSecond,
  p50Ms,
  p99Ms,
  serverCpu: 1,
  serverCpuUsPerRequest: 1e6 / requestsPerSecond,
  dbCpu: Number.NaN,
  dbCpuUsPerRequest: Number.NaN,
  loadCpu: 0.5,
  failure: undefined,
});

const measured = (id: string, rounds: LoadResult[], extra: Partial<TargetOutcome> = {}): [string, TargetOutcome] => [
  id,
  { spec: specs.get(id) as TargetSpec, status: 'measured', rounds, ...extra },
];

const goal = (text: string): Goal => issueGoals({ scalePets: 1_000_000, connections: 10 }).find((g) => g.text.startsWith(text)) as Goal;

describe('evaluateGoals', () => {
  it('passes a throughput goal at or above its threshold and misses it below', () => {
    const outcomes = new Map([
      measured('memory.k0', [round(1000), round(1000), round(1000)]),
      measured('memory.rest.list', [round(600), round(550), round(620)]),
    ]);
    const [result] = evaluateGoals([goal('REST list on the embedded')], outcomes);
    expect(result?.verdict).toBe('pass');
    expect(result?.value).toBeCloseTo(0.6);
    expect(result?.costValue).toBeCloseTo(0.6);

    outcomes.set(...measured('memory.rest.list', [round(590), round(550), round(500)]));
    expect(evaluateGoals([goal('REST list on the embedded')], outcomes)[0]?.verdict).toBe('missed');
  });

  it('compares doors with K0, with REST and with D0 as the issue asks', () => {
    const byText = (text: string) => {
      const found = goal(text);
      return found.kind === 'ratio' ? [found.numerator, found.denominator, found.threshold] : undefined;
    };
    expect(byText('tRPC list')).toEqual(['memory.trpc.list', 'memory.rest.list', 0.8]);
    expect(byText('GraphQL list')).toEqual(['memory.graphql.list', 'memory.rest.list', 0.55]);
    expect(byText('REST create')).toEqual(['memory.rest.create', 'memory.k0', 0.5]);
    expect(byText('REST list on MongoDB')).toEqual(['mongodb.rest.list', 'mongodb.d0', 0.9]);
  });

  it('judges each door by its worst p99 / p50 over the targets measured, and names that target', () => {
    const outcomes = new Map([
      measured('memory.rest.list', [round(1000, 1, 3), round(1000, 1, 3.5)]),
      measured('memory.rest.get', [round(1000, 2, 7.8), round(1000, 2, 8)]),
      measured('mongodb.rest.list', [round(100, 10, 20)]),
    ]);
    const [rest] = evaluateGoals([goal('REST: p99')], outcomes);
    expect(rest).toMatchObject({ verdict: 'pass', note: 'worst: memory.rest.get' });
    expect(rest?.value).toBeCloseTo(3.95);

    outcomes.set(...measured('mongodb.rest.list', [round(100, 10, 45)]));
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({ verdict: 'missed', value: 4.5, note: 'worst: mongodb.rest.list' });
    expect(evaluateGoals([goal('tRPC: p99')], outcomes)[0]?.verdict).toBe('not measured');
  });

  it('notes the MongoDB list against D0 with the service client options, without judging by it', () => {
    const outcomes = new Map([
      measured('mongodb.d0', [round(500), round(400)]),
      measured('mongodb.d0.service', [round(400), round(320)]),
      measured('mongodb.rest.list', [round(300), round(240)]),
    ]);
    const [result] = evaluateGoals([goal('REST list on MongoDB')], outcomes);
    expect(result).toMatchObject({ verdict: 'missed', note: "× D0 with the service's client options: 0.750×, 0.750× from CPU" });
    expect(result?.value).toBeCloseTo(0.6);

    outcomes.delete('mongodb.d0.service');
    expect(evaluateGoals([goal('REST list on MongoDB')], outcomes)[0]).not.toHaveProperty('note');
  });

  it('notes the driver-only insert’s p99 / p50 beside the REST tail, judged on the doors alone', () => {
    const outcomes = new Map([
      measured('mongodb.rest.create', [round(600, 10, 100), round(600, 10, 120)]),
      measured('mongodb.d0.insert', [round(900, 4, 100), round(900, 5, 110)]),
    ]);
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({
      verdict: 'missed',
      value: 11,
      note: 'worst: mongodb.rest.create; driver-only insert: p99 / p50 23.500×',
    });
    outcomes.set(...measured('mongodb.d0.insert', [round(900, 1, 50)]));
    outcomes.set(...measured('mongodb.rest.create', [round(600, 10, 30)]));
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({ verdict: 'pass', value: 3 });
    expect(evaluateGoals([goal('tRPC: p99')], outcomes)[0]?.verdict).toBe('not measured');
  });

  it('judges the large store by its heap bytes per pet beyond the name', () => {
    const heap = (heapBytesPerPet: number) => new Map([measured('scale.large', [round(1000)], { heapBytesPerPet, nameBytesPerPet: 32 })]);
    expect(evaluateGoals([goal('Embedded store at')], heap(132))[0]).toMatchObject({ verdict: 'pass', value: 100 });
    expect(evaluateGoals([goal('Embedded store at')], heap(133))[0]).toMatchObject({ verdict: 'missed', value: 101 });
    const unmeasured = new Map([measured('scale.large', [round(1000)])]);
    expect(evaluateGoals([goal('Embedded store at')], unmeasured)[0]).toMatchObject({
      verdict: 'not measured',
      note: expect.stringMatching(/expose-gc/),
    });
  });

  it('passes the scaling goal when the large store is at most 10% slower, and misses it beyond', () => {
    const small = measured('scale.small', [round(1000, 2), round(1000, 2)]);
    const within = new Map([small, measured('scale.large', [round(1000, 2.2), round(1000, 2.1)])]);
    expect(evaluateGoals([goal('Embedded list p50')], within)[0]?.verdict).toBe('pass');
    const beyond = new Map([small, measured('scale.large', [round(1000, 2.4), round(1000, 2.3)])]);
    expect(evaluateGoals([goal('Embedded list p50')], beyond)[0]?.verdict).toBe('missed');
  });

  it('says why a goal was not measured when a side was skipped or not run', () => {
    const outcomes = new Map<string, TargetOutcome>([
      measured('memory.rest.list', [round(1000)]),
      ['memory.trpc.list', { spec: specs.get('memory.trpc.list') as TargetSpec, status: 'skipped', note: 'not mounted', rounds: [] }],
    ]);
    const [trpc, mongo] = evaluateGoals([goal('tRPC list'), goal('REST list on MongoDB')], outcomes);
    expect(trpc).toMatchObject({ verdict: 'not measured', note: 'memory.trpc.list skipped: not mounted' });
    expect(mongo).toMatchObject({ verdict: 'not measured', note: 'mongodb.rest.list not run' });
  });
});
