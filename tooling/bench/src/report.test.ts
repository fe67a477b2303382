import { describe, expect, it } from 'vitest';
import type { GoalResult } from './goals.js';
import type { LoadResult } from './load.js';
import type { TargetOutcome } from './outcome.js';
import { renderGoals, saturationNotes } from './report.js';
import { allTargets, type TargetSpec } from './targets.js';

const spec = (id: string) => allTargets(1000).find((t) => t.id === id) as TargetSpec;

const run = (serverCpu: number, loadCpu: number): LoadResult => ({
  requests: 1000,
  seconds: 1,
  requestsPerSecond: 1000,
  p50Ms: 1,
  p99Ms: 2,
  serverCpu,
  serverCpuUsPerRequest: serverCpu * 1000,
  dbCpu: Number.NaN,
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
    const notes = saturationNotes([measured('memory.b0', 0.85, 0.95), measured('memory.rest.list', 0.5, 0.3), measured('memory.rest.get', 0.98, 0.4)]);
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
    const goal = { text: 'REST ≥ 0.70 × B0', numerator: 'a', denominator: 'b', metric: 'rps' as const, threshold: 0.7 };
    const results: GoalResult[] = [
      { goal, value: 0.734, costValue: 0.7, verdict: 'pass' },
      { goal, value: Number.NaN, costValue: Number.NaN, verdict: 'not measured', note: 'a skipped' },
    ];
    const table = renderGoals(results).split('\n');
    expect(table[2]).toBe('| REST ≥ 0.70 × B0 | 0.734× | 0.700× | **pass** |');
    expect(table[3]).toBe('| REST ≥ 0.70 × B0 | — | — | not measured (a skipped) |');
  });
});
