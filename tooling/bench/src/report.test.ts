import { describe, expect, it } from 'vitest';
import { evaluateGoals, issueGoals, type GoalResult } from './goals.js';
import type { LoadResult } from './load.js';
import type { TargetOutcome } from './outcome.js';
import { renderDoors, renderGoals, renderReport, renderScaling, saturationNotes } from './report.js';
import { readSettings } from './settings.js';
import type { TargetSpec } from './target-spec.js';
import { allTargets } from './targets.js';

const spec = (id: string) => allTargets(1000).find((t) => t.id === id) as TargetSpec;

const run = (serverCpu: number, loadCpu: number, requestsPerSecond = 1000): LoadResult => ({
  requests: requestsPerSecond,
  seconds: 1,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms: 2,
  serverCpu,
  serverCpuUsPerRequest: serverCpu * 1000,
  dbCpu: Number.NaN,
  dbCpuUsPerRequest: Number.NaN,
  loadCpu,
  failure: undefined,
});

const measured = (id: string, serverCpu: number, loadCpu: number): TargetOutcome => ({
  spec: spec(id),
  status: 'measured',
  rounds: [run(serverCpu, loadCpu)],
});

describe('saturationNotes', () => {
  it('flags a load generator at its limit and a server starved by something else', () => {
    const notes = saturationNotes([
      measured('memory.b0', 0.85, 0.95),
      measured('memory.rest.list', 0.5, 0.3),
      measured('memory.rest.get', 0.98, 0.4),
    ]);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('memory.b0 (85 / 95)');
    expect(notes[1]).toContain('memory.rest.list (50 / 30)');
    expect(notes.join(' ')).not.toContain('memory.rest.get');
  });

  it('says nothing when every server had its core', () => {
    expect(saturationNotes([measured('memory.rest.list', 0.97, 0.4)])).toEqual([]);
  });
});

describe('renderGoals', () => {
  it('writes the measured and CPU-based ratios with the verdict, and why a goal was not measured', () => {
    const goal = {
      kind: 'ratio' as const,
      issue: 19 as const,
      text: 'REST ≥ 1.0 × L0',
      numerator: 'a',
      denominator: 'b',
      metric: 'rps' as const,
      threshold: 1,
    };
    const results: GoalResult[] = [
      { goal, value: 1.034, costValue: 0.99, verdict: 'met' },
      { goal, value: 0.9994, costValue: 1.01, verdict: 'missed' },
      { goal, value: Number.NaN, costValue: Number.NaN, verdict: 'not measured', note: 'a skipped' },
    ];
    const table = renderGoals(results).split('\n');
    expect(table[2]).toBe('| REST ≥ 1.0 × L0 | 1.034× | 0.990× | **met** |');
    // Three decimals: a ratio just under its threshold never reads as equal to it.
    expect(table[3]).toBe('| REST ≥ 1.0 × L0 | 0.999× | 1.010× | **MISSED** |');
    expect(table[4]).toBe('| REST ≥ 1.0 × L0 | — | — | not measured (a skipped) |');
  });

  it('writes bytes for the heap goal and names the worst target of a tail goal', () => {
    const heap = { kind: 'heap' as const, issue: 11 as const, text: 'heap', target: 'scale.large', threshold: 100 };
    const tail = { kind: 'tail' as const, issue: 31 as const, text: 'tail', targets: ['memory.rest.get'], relativeTo: 'memory.l0', threshold: 1.25 };
    const table = renderGoals([
      { goal: heap, value: 38.94, costValue: Number.NaN, verdict: 'met' },
      { goal: tail, value: 4.5, costValue: Number.NaN, verdict: 'missed', note: 'worst: memory.rest.get' },
    ]).split('\n');
    expect(table[2]).toBe('| heap | 38.9 B | — | **met** |');
    expect(table[3]).toBe('| tail | 4.500× | — | **MISSED** (worst: memory.rest.get) |');
  });
});

describe('renderReport', () => {
  it("puts issue 19's goals first under a heading of their own, then those kept from issue 11, then the doors", () => {
    const settings = readSettings({});
    const goals = evaluateGoals(issueGoals(settings), new Map());
    const machine = { cpus: 2, cpuModel: 'cpu', memoryBytes: 2 ** 30, node: 'v20', kernel: 'Linux', loadAverage: 0, date: new Date(0) };
    const text = renderReport({ machine, settings, pinning: null, mongo: 'not run', outcomes: [], goals, durationSeconds: 1 });
    const at = (line: string) => text.indexOf(line);
    expect(at('#### Goals (issue 19)')).toBeGreaterThan(0);
    expect(at('| REST list ≥ 1.0 × L0 |')).toBeGreaterThan(at('#### Goals (issue 19)'));
    expect(at('#### Goals kept from issue 11')).toBeGreaterThan(at('| REST create ≥ 0.80 × REST list |'));
    expect(at('| REST list on MongoDB ≥ 0.90 × D0 |')).toBeGreaterThan(at('#### Goals kept from issue 11'));
    expect(at('#### Doors and references')).toBeGreaterThan(at('| tRPC: p99'));
  });
});

describe('renderDoors', () => {
  const rowsOf = (rates: Record<string, number>) => {
    const outcomes = Object.entries(rates).map(([id, rps]) => ({ ...measured(id, 1, 0.5), rounds: [run(1, 0.5, rps)] }));
    return renderDoors(outcomes, new Map(outcomes.map((o) => [o.spec.id, o]))).split('\n');
  };
  // req/s, CPU µs/req, × REST list, × L0, × peer, × floor, × B0, × K0, × D0.
  const ratios = (line: string | undefined) => (line ?? '').split(' | ').slice(2, 11);

  it('sets each door beside the REST list, L0 and its peer, and B0 and K0; on MongoDB beside its own REST list and D0', () => {
    const rows = rowsOf({
      'memory.b0': 2000,
      'memory.k0': 1000,
      'memory.l0': 600,
      'memory.rest.list': 500,
      'memory.trpc.list': 400,
      'peer.trpc.list': 200,
      'mongodb.d0': 250,
      'mongodb.rest.list': 200,
      'mongodb.trpc.list': 100,
    });
    expect(rows[0]).toContain('| req/s | CPU µs/req server(+db) | × REST list | × L0 | × peer | × floor (A0, T0) | × B0 | × K0 | × D0 | p50 ms |');
    expect(ratios(rows[2])).toEqual(['2,000', '1,000', '—', '—', '—', '—', 'baseline', '2.00', '—']);
    expect(ratios(rows[4])).toEqual(['600', '1,000', '1.20', 'baseline', '—', '—', '0.30', '0.60', '—']);
    expect(ratios(rows[5])).toEqual(['500', '1,000', 'baseline', '0.83', '—', '—', '0.25', '0.50', '—']);
    expect(ratios(rows[6])).toEqual(['400', '1,000', '0.80', '0.67', '2.00', '—', '0.20', '0.40', '—']);
    expect(ratios(rows[7])).toEqual(['200', '1,000', '0.40', '0.33', '—', '—', '0.10', '0.20', '—']);
    expect(ratios(rows[8])).toEqual(['250', '1,000', '—', '—', '—', '—', '0.13', '0.25', 'baseline']);
    expect(ratios(rows[9])).toEqual(['200', '1,000', 'baseline', '—', '—', '—', '0.10', '0.20', '0.80']);
    expect(ratios(rows[10])).toEqual(['100', '1,000', '0.50', '—', '—', '—', '0.05', '0.10', '0.40']);
  });

  it("sets GraphQL and tRPC beside their floors (A0, T0), and every row's tail beside L0's in the same rounds", () => {
    const tailed = (id: string, rps: number, p99Ms: number): TargetOutcome => ({ ...measured(id, 1, 0.5), rounds: [{ ...run(1, 0.5, rps), p99Ms }] });
    const outcomes = [
      tailed('memory.l0', 600, 4),
      tailed('memory.a0', 400, 4),
      tailed('memory.t0', 500, 4),
      tailed('memory.graphql.list', 300, 6),
      tailed('memory.trpc.list', 500, 5),
    ];
    const rows = renderDoors(outcomes, new Map(outcomes.map((o) => [o.spec.id, o]))).split('\n');
    const cells = (line: string | undefined) => (line ?? '').split(' | ');
    // × floor is the sixth cell after the target; p99 / p50 ÷ L0's follows p99 / p50.
    expect(cells(rows[3])[7]).toBe('baseline');
    expect(cells(rows[5])[7]).toBe('0.75');
    expect(cells(rows[6])[7]).toBe('1.00');
    expect(cells(rows[2]).slice(13, 15)).toEqual(['4.00', 'baseline']);
    expect(cells(rows[5]).slice(13, 15)).toEqual(['6.00', '1.50']);
    expect(cells(rows[6]).slice(13, 15)).toEqual(['5.00', '1.25']);
  });

  it('shows the driver-only variants of D0 as rows of their own, against D0 itself', () => {
    const outcomes = [
      { ...measured('mongodb.d0', 1, 0.5), rounds: [run(1, 0.5, 400)] },
      { ...measured('mongodb.d0.service', 1, 0.5), rounds: [run(1, 0.5, 300)] },
      { ...measured('mongodb.d0.insert', 1, 0.5), rounds: [{ ...run(1, 0.5, 800), p50Ms: 4, p99Ms: 100, dbCpu: 0.36, dbCpuUsPerRequest: 450 }] },
    ];
    const rows = renderDoors(outcomes, new Map(outcomes.map((o) => [o.spec.id, o]))).split('\n');
    expect(rows[3]).toContain('| D0 with the service client options | 300 | 1,000 | — | — | — | — | — | — | 0.75 |');
    // The database's CPU time per request follows the server's, and its share of the CPU too.
    expect(rows[4]).toContain(
      '| D0 insert: `node:http` + driver `insertOne`, service client options | 800 | 1,000+450 | — | — | — | — | — | — | 2.00 | 4.00 | 100 | 25.00 |',
    );
    expect(rows[4]).toMatch(/\| 100\+36 \/ 50 \|$/);
    expect(rows[2]).toMatch(/\| 100 \/ 50 \|$/);
  });

  it('says why a target was not measured, across the whole row', () => {
    const skipped: TargetOutcome = { spec: spec('memory.graphql.list'), status: 'skipped', note: 'not mounted', rounds: [] };
    const [header, , row] = renderDoors([skipped], new Map()).split('\n');
    expect(row?.split(' | ')).toHaveLength(header?.split(' | ').length ?? 0);
    expect(row).toContain('| skipped: not mounted |');
  });
});

describe('renderScaling', () => {
  it('gives the heap per pet and what of it is not the name', () => {
    const large: TargetOutcome = { ...measured('scale.large', 1, 0.5), heapBytesPerPet: 70.8, nameBytesPerPet: 31.9 };
    const [, , row] = renderScaling([large], new Map()).split('\n');
    expect(row).toContain('| 71 | 39 |');
  });
});
