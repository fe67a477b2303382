import { describe, expect, it } from 'vitest';
import { evaluateGoals, issueGoals, type Goal } from './goals.js';
import type { LoadResult } from './load.js';
import type { TargetOutcome } from './outcome.js';
import { allTargets, type TargetSpec } from './targets.js';

const specs = new Map(allTargets(1_000_000).map((spec) => [spec.id, spec]));

const round = (requestsPerSecond: number, p50Ms = 1): LoadResult => ({
  requests: requestsPerSecond,
  seconds: 1,
  requestsPerSecond,
  p50Ms,
  p99Ms: p50Ms * 3,
  serverCpu: 1,
  serverCpuUsPerRequest: 1e6 / requestsPerSecond,
  dbCpu: Number.NaN,
  loadCpu: 0.5,
  failure: undefined,
});

const measured = (id: string, rounds: LoadResult[]): [string, TargetOutcome] => [
  id,
  { spec: specs.get(id) as TargetSpec, status: 'measured', rounds },
];

const goal = (text: string): Goal => issueGoals(1_000_000).find((g) => g.text.startsWith(text)) as Goal;

describe('evaluateGoals', () => {
  it('passes a throughput goal at or above its threshold and misses it below', () => {
    const outcomes = new Map([
      measured('memory.b0', [round(1000), round(1000), round(1000)]),
      measured('memory.rest.list', [round(700), round(650), round(720)]),
    ]);
    const [result] = evaluateGoals([goal('REST list on the embedded')], outcomes);
    expect(result?.verdict).toBe('pass');
    expect(result?.value).toBeCloseTo(0.7);
    expect(result?.costValue).toBeCloseTo(0.7);

    outcomes.set(...measured('memory.rest.list', [round(690), round(650), round(600)]));
    expect(evaluateGoals([goal('REST list on the embedded')], outcomes)[0]?.verdict).toBe('missed');
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
      measured('memory.b0', [round(1000)]),
      ['memory.trpc.list', { spec: specs.get('memory.trpc.list') as TargetSpec, status: 'skipped', note: 'not mounted', rounds: [] }],
    ]);
    const [trpc, mongo] = evaluateGoals([goal('tRPC list'), goal('REST list on MongoDB')], outcomes);
    expect(trpc).toMatchObject({ verdict: 'not measured', note: 'memory.trpc.list skipped: not mounted' });
    expect(mongo).toMatchObject({ verdict: 'not measured', note: 'mongodb.rest.list not run' });
  });
});
