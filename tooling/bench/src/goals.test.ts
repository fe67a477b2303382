import { describe, expect, it } from 'vitest';
import { evaluateGoals, issueGoals, type Goal } from './goals.js';
import type { LoadResult } from './load.js';
import type { TargetOutcome } from './outcome.js';
import type { TargetSpec } from './target-spec.js';
import { allTargets } from './targets.js';

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
  it('meets a throughput goal at or above its threshold and misses it below', () => {
    const outcomes = new Map([
      measured('memory.l0', [round(1000), round(1000), round(1000)]),
      measured('memory.rest.list', [round(1000), round(990), round(1020)]),
    ]);
    const [result] = evaluateGoals([goal('REST list ≥ 1.0 × L0')], outcomes);
    expect(result?.verdict).toBe('met');
    expect(result?.value).toBeCloseTo(1);
    expect(result?.costValue).toBeCloseTo(1);

    outcomes.set(...measured('memory.rest.list', [round(999), round(990), round(1020)]));
    expect(evaluateGoals([goal('REST list ≥ 1.0 × L0')], outcomes)[0]).toMatchObject({ verdict: 'missed', value: 0.999 });
  });

  it("sets issue 19's goals against L0, the REST list and the peer stack, the embedded store's doors as the clients call them", () => {
    const ratios = issueGoals({ scalePets: 1_000_000, connections: 10 }).flatMap((found) =>
      found.kind === 'ratio' && found.issue === 19 ? [[found.numerator, found.denominator, found.threshold]] : [],
    );
    expect(ratios).toEqual([
      ['memory.rest.list', 'memory.l0', 1],
      ['memory.trpc.list', 'memory.rest.list', 0.8],
      ['memory.trpc.list', 'peer.trpc.list', 2],
      ['memory.graphql.list', 'memory.rest.list', 0.6],
      ['memory.rest.create', 'memory.rest.list', 0.8],
    ]);
    expect(specs.get('memory.trpc.list')?.request({ baseUrl: 'http://s', ready: { type: 'ready', port: 1 } }).url).toContain('?batch=1&');
  });

  it('notes the GraphQL list against the mercurius peer, and judges the tRPC list against its peer at twice its rate', () => {
    const outcomes = new Map([
      measured('memory.rest.list', [round(1000), round(1000)]),
      measured('memory.graphql.list', [round(620), round(580)]),
      measured('peer.graphql.list', [round(800), round(800)]),
      measured('memory.trpc.list', [round(820), round(800)]),
      measured('peer.trpc.list', [round(400), round(420)]),
    ]);
    const [graphql, trpc] = evaluateGoals([goal('GraphQL list'), goal('tRPC list as the typed client sends it ≥ 2')], outcomes);
    expect(graphql).toMatchObject({ verdict: 'met', note: '× the mercurius peer: 0.750×, 0.750× from CPU' });
    expect(graphql?.value).toBeCloseTo(0.6);
    expect(trpc?.verdict).toBe('missed');
    expect(trpc?.value).toBeCloseTo((820 / 400 + 800 / 420) / 2);
  });

  it('keeps from issue 11 the MongoDB list against D0, the scaling and the heap (issue 31 replaced its tails)', () => {
    const kept = issueGoals({ scalePets: 1_000_000, connections: 10 }).filter((found) => found.issue === 11);
    expect(kept.map((found) => found.kind)).toEqual(['ratio', 'ratio', 'heap']);
    const mongo = kept[0];
    expect(mongo?.kind === 'ratio' && [mongo.numerator, mongo.denominator, mongo.threshold]).toEqual(['mongodb.rest.list', 'mongodb.d0', 0.9]);
  });

  it('judges the tails on the doors only, never on L0 or the peer stack', () => {
    const trpcTail = goal('tRPC: p99');
    expect(trpcTail.kind === 'tail' && trpcTail.targets).toEqual([
      'memory.trpc.list',
      'memory.trpc.list.unbatched',
      'mongodb.trpc.list',
      'mongodb.trpc.list.unbatched',
    ]);
  });

  it("sets issue 31's goals: Node CPU on MongoDB against the driver alone, GraphQL and tRPC against their floors", () => {
    const ratios = issueGoals({ scalePets: 1_000_000, connections: 10 }).flatMap((found) =>
      found.kind === 'ratio' && found.issue === 31 ? [[found.numerator, found.denominator, found.metric, found.threshold]] : [],
    );
    expect(ratios).toEqual([
      ['mongodb.rest.list', 'mongodb.d0.service', 'cpu', 1.15],
      ['mongodb.rest.create', 'mongodb.d0.insert', 'cpu', 1.15],
      ['memory.graphql.list', 'memory.a0', 'rps', 0.95],
      ['memory.trpc.list', 'memory.t0', 'rps', 1],
    ]);
  });

  it('judges a CPU goal by the Node CPU per request of the door over the reference, paired round by round', () => {
    const cpuRound = (usPerRequest: number): LoadResult => ({ ...round(100), serverCpuUsPerRequest: usPerRequest });
    const outcomes = new Map([
      measured('mongodb.d0.service', [cpuRound(400), cpuRound(800), cpuRound(500)]),
      measured('mongodb.rest.list', [cpuRound(456), cpuRound(960), cpuRound(550)]),
    ]);
    const [within] = evaluateGoals([goal('REST list on MongoDB: Node CPU')], outcomes);
    expect(within?.verdict).toBe('met');
    expect(within?.value).toBeCloseTo(1.14);
    outcomes.set(...measured('mongodb.rest.list', [cpuRound(480), cpuRound(960), cpuRound(550)]));
    expect(evaluateGoals([goal('REST list on MongoDB: Node CPU')], outcomes)[0]).toMatchObject({ verdict: 'missed', value: 1.2 });
  });

  it("judges each door by its worst p99 / p50 over L0's in the same rounds, and names that target", () => {
    const outcomes = new Map([
      measured('memory.l0', [round(1000, 1, 4), round(1000, 1, 2)]),
      measured('memory.rest.list', [round(1000, 1, 4), round(1000, 1, 2)]),
      // Its tail is 5 × its p50 in round one and 2.4 × in round two: 1.25 × L0's in one, 1.2 × in the other.
      measured('memory.rest.get', [round(1000, 2, 10), round(1000, 2, 4.8)]),
    ]);
    const [rest] = evaluateGoals([goal('REST: p99')], outcomes);
    expect(rest).toMatchObject({ verdict: 'met', note: 'worst: memory.rest.get' });
    expect(rest?.value).toBeCloseTo(1.225);

    outcomes.set(...measured('mongodb.rest.list', [round(100, 10, 60), round(100, 10, 30)]));
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({ verdict: 'missed', value: 1.5, note: 'worst: mongodb.rest.list' });
    expect(evaluateGoals([goal('tRPC: p99')], outcomes)[0]?.verdict).toBe('not measured');
    outcomes.delete('memory.l0');
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({ verdict: 'not measured', note: 'memory.l0 not run' });
  });

  it('notes the MongoDB list against D0 with the service client options, without judging by it', () => {
    const outcomes = new Map([
      measured('mongodb.d0', [round(500), round(400)]),
      measured('mongodb.d0.service', [round(400), round(320)]),
      measured('mongodb.rest.list', [round(300), round(240)]),
    ]);
    const [result] = evaluateGoals([goal('REST list on MongoDB ≥')], outcomes);
    expect(result).toMatchObject({ verdict: 'missed', note: "× D0 with the service's client options: 0.750×, 0.750× from CPU" });
    expect(result?.value).toBeCloseTo(0.6);

    outcomes.delete('mongodb.d0.service');
    expect(evaluateGoals([goal('REST list on MongoDB ≥')], outcomes)[0]).not.toHaveProperty('note');
  });

  it('notes the driver-only insert’s tail over L0’s beside the REST tail, judged on the doors alone', () => {
    const outcomes = new Map([
      measured('memory.l0', [round(1000, 1, 5), round(1000, 1, 5)]),
      measured('mongodb.rest.create', [round(600, 10, 100), round(600, 10, 120)]),
      measured('mongodb.d0.insert', [round(900, 4, 100), round(900, 5, 110)]),
    ]);
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({
      verdict: 'missed',
      value: 2.2,
      note: "worst: mongodb.rest.create; driver-only insert: 4.700× L0's",
    });
    outcomes.set(...measured('mongodb.d0.insert', [round(900, 1, 50)]));
    outcomes.set(...measured('mongodb.rest.create', [round(600, 10, 60)]));
    expect(evaluateGoals([goal('REST: p99')], outcomes)[0]).toMatchObject({ verdict: 'met', value: 1.2 });
    expect(evaluateGoals([goal('tRPC: p99')], outcomes)[0]?.verdict).toBe('not measured');
  });

  it('judges the large store by its heap bytes per pet beyond the name', () => {
    const heap = (heapBytesPerPet: number) => new Map([measured('scale.large', [round(1000)], { heapBytesPerPet, nameBytesPerPet: 32 })]);
    expect(evaluateGoals([goal('Embedded store at')], heap(132))[0]).toMatchObject({ verdict: 'met', value: 100 });
    expect(evaluateGoals([goal('Embedded store at')], heap(133))[0]).toMatchObject({ verdict: 'missed', value: 101 });
    const unmeasured = new Map([measured('scale.large', [round(1000)])]);
    expect(evaluateGoals([goal('Embedded store at')], unmeasured)[0]).toMatchObject({
      verdict: 'not measured',
      note: expect.stringMatching(/expose-gc/),
    });
  });

  it('meets the scaling goal when the large store is at most 10% slower, and misses it beyond', () => {
    const small = measured('scale.small', [round(1000, 2), round(1000, 2)]);
    const within = new Map([small, measured('scale.large', [round(1000, 2.2), round(1000, 2.1)])]);
    expect(evaluateGoals([goal('Embedded list p50')], within)[0]?.verdict).toBe('met');
    const beyond = new Map([small, measured('scale.large', [round(1000, 2.4), round(1000, 2.3)])]);
    expect(evaluateGoals([goal('Embedded list p50')], beyond)[0]?.verdict).toBe('missed');
  });

  it('says why a goal was not measured when a side was skipped or not run', () => {
    const outcomes = new Map<string, TargetOutcome>([
      measured('memory.rest.list', [round(1000)]),
      ['memory.trpc.list', { spec: specs.get('memory.trpc.list') as TargetSpec, status: 'skipped', note: 'not mounted', rounds: [] }],
    ]);
    const [trpc, mongo] = evaluateGoals([goal('tRPC list as the typed client sends it ≥ 0.80'), goal('REST list on MongoDB ≥')], outcomes);
    expect(trpc).toMatchObject({ verdict: 'not measured', note: 'memory.trpc.list skipped: not mounted' });
    expect(mongo).toMatchObject({ verdict: 'not measured', note: 'mongodb.rest.list not run' });
  });
});
