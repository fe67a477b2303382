import { describe, expect, it } from 'vitest';
import type { GoalResult } from './goals.js';
import type { LoadResult } from './load.js';
import type { TargetOutcome } from './outcome.js';
import { renderDoors, renderGoals, renderScaling, saturationNotes } from './report.js';
import { allTargets, type TargetSpec } from './targets.js';

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
    const goal = { kind: 'ratio' as const, text: 'REST ≥ 0.70 × B0', numerator: 'a', denominator: 'b', metric: 'rps' as const, threshold: 0.7 };
    const results: GoalResult[] = [
      { goal, value: 0.734, costValue: 0.7, verdict: 'pass' },
      { goal, value: Number.NaN, costValue: Number.NaN, verdict: 'not measured', note: 'a skipped' },
    ];
    const table = renderGoals(results).split('\n');
    expect(table[2]).toBe('| REST ≥ 0.70 × B0 | 0.734× | 0.700× | **pass** |');
    expect(table[3]).toBe('| REST ≥ 0.70 × B0 | — | — | not measured (a skipped) |');
  });

  it('writes bytes for the heap goal and names the worst target of a tail goal', () => {
    const heap = { kind: 'heap' as const, text: 'heap', target: 'scale.large', threshold: 100 };
    const tail = { kind: 'tail' as const, text: 'tail', targets: ['memory.rest.get'], threshold: 4 };
    const table = renderGoals([
      { goal: heap, value: 38.94, costValue: Number.NaN, verdict: 'pass' },
      { goal: tail, value: 4.5, costValue: Number.NaN, verdict: 'missed', note: 'worst: memory.rest.get' },
    ]).split('\n');
    expect(table[2]).toBe('| heap | 38.9 B | — | **pass** |');
    expect(table[3]).toBe('| tail | 4.500× | — | **MISSED** (worst: memory.rest.get) |');
  });
});

describe('renderDoors', () => {
  it('puts every door beside B0 and K0, and the MongoDB doors beside D0 too', () => {
    const outcomes = [
      { ...measured('memory.b0', 1, 0.5), rounds: [run(1, 0.5, 2000)] },
      { ...measured('memory.k0', 1, 0.5), rounds: [run(1, 0.5, 1000)] },
      { ...measured('memory.rest.list', 1, 0.5), rounds: [run(1, 0.5, 500)] },
      { ...measured('mongodb.d0', 1, 0.5), rounds: [run(1, 0.5, 250)] },
      { ...measured('mongodb.rest.list', 1, 0.5), rounds: [run(1, 0.5, 200)] },
    ];
    const rows = renderDoors(outcomes, new Map(outcomes.map((o) => [o.spec.id, o]))).split('\n');
    // req/s, the three ratios, then p50, p99 and p99 / p50 (every run: 1 ms and 2 ms).
    const cells = (line: string | undefined) => (line ?? '').split(' | ').slice(2, 9);
    expect(rows[0]).toContain('| req/s | × B0 | × K0 | × D0 | p50 ms | p99 ms | p99 / p50 |');
    expect(cells(rows[2])).toEqual(['2,000', 'baseline', '2.00', '—', '1.00', '2.00', '2.00']);
    expect(cells(rows[3])).toEqual(['1,000', '0.50', 'baseline', '—', '1.00', '2.00', '2.00']);
    expect(cells(rows[4])).toEqual(['500', '0.25', '0.50', '—', '1.00', '2.00', '2.00']);
    expect(cells(rows[5])?.slice(0, 4)).toEqual(['250', '0.13', '0.25', 'baseline']);
    expect(cells(rows[6])?.slice(0, 4)).toEqual(['200', '0.10', '0.20', '0.80']);
  });

  it('shows the driver-only variants of D0 as rows of their own, against D0 itself', () => {
    const outcomes = [
      { ...measured('mongodb.d0', 1, 0.5), rounds: [run(1, 0.5, 400)] },
      { ...measured('mongodb.d0.service', 1, 0.5), rounds: [run(1, 0.5, 300)] },
      { ...measured('mongodb.d0.insert', 1, 0.5), rounds: [{ ...run(1, 0.5, 800), p50Ms: 4, p99Ms: 100, dbCpu: 0.36, dbCpuUsPerRequest: 450 }] },
    ];
    const rows = renderDoors(outcomes, new Map(outcomes.map((o) => [o.spec.id, o]))).split('\n');
    expect(rows[3]).toContain('| D0 with the service client options | 300 | — | — | 0.75 |');
    expect(rows[4]).toContain('| D0 insert: `node:http` + driver `insertOne`, service client options | 800 | — | — | 2.00 | 4.00 | 100 | 25.00 |');
    // The database's share of the CPU and its CPU time per request follow the server's.
    expect(rows[4]).toMatch(/\| 100\+36 \/ 50 \| 1,000\+450 \|$/);
    expect(rows[2]).toMatch(/\| 100 \/ 50 \| 1,000 \|$/);
  });
});

describe('renderScaling', () => {
  it('gives the heap per pet and what of it is not the name', () => {
    const large: TargetOutcome = { ...measured('scale.large', 1, 0.5), heapBytesPerPet: 70.8, nameBytesPerPet: 31.9 };
    const [, , row] = renderScaling([large], new Map()).split('\n');
    expect(row).toContain('| 71 | 39 |');
  });
});
