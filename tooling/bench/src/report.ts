import { DASH, formatCount, formatGiB, formatMiB, formatMs, formatPercent, formatRatio, markdownTable } from './format.js';
import type { GoalResult } from './goals.js';
import type { MachineInfo } from './machine.js';
import { summarize, type TargetOutcome } from './outcome.js';
import type { Pinning } from './pinning.js';
import type { BenchSettings } from './settings.js';

export interface RunReport {
  machine: MachineInfo;
  settings: BenchSettings;
  pinning: Pinning | null;
  /** Which MongoDB the MongoDB targets ran on, or why they did not run. */
  mongo: string;
  outcomes: TargetOutcome[];
  goals: GoalResult[];
  durationSeconds: number;
}

const STORE_NAMES = { memory: 'embedded', mongodb: 'MongoDB' } as const;

export function renderReport(report: RunReport): string {
  const { machine, settings } = report;
  const byId = new Map(report.outcomes.map((o) => [o.spec.id, o]));
  const pinning = report.pinning
    ? `servers under test pinned to CPU ${report.pinning.serverCpu} (\`taskset\`), autocannon to CPU ${report.pinning.loadCpu}`
    : 'NOT pinned (taskset or a second CPU missing): figures are less comparable';
  const lines = [
    `Run on ${machine.date.toISOString().replace(/\.\d+Z$/, 'Z')} in ${Math.round(report.durationSeconds)} s.`,
    '',
    `- Machine: ${machine.cpus} CPUs (\`nproc\`), ${machine.cpuModel}, ${formatGiB(machine.memoryBytes)} GiB memory, ${machine.kernel}; Node ${machine.node}; 1-minute load average at start ${machine.loadAverage.toFixed(2)}.`,
    `- Method: ${settings.rounds} round${settings.rounds === 1 ? '' : 's'} × ${settings.seconds} s per target after a ${settings.warmupSeconds} s warm-up, ${settings.connections} connections, targets interleaved in each round; ${pinning}. Figures are medians over rounds; ratios are medians of per-round ratios to the baseline run in the same round.`,
    `- MongoDB: ${report.mongo}.`,
    '',
    '#### Goals',
    '',
    renderGoals(report.goals),
    '',
    '#### Doors (20 pets stored, valid key)',
    '',
    renderDoors(report.outcomes.filter((o) => !o.spec.scale), byId),
    '',
    ...saturationNotes(report.outcomes).map((note) => `- ${note}`),
    '',
    '#### Scaling (embedded store, REST list)',
    '',
    renderScaling(report.outcomes.filter((o) => o.spec.scale), byId),
  ];
  return lines.join('\n');
}

export function renderGoals(goals: GoalResult[]): string {
  const rows = goals.map((result) => [
    result.goal.text,
    // Three decimals, so a ratio just under its threshold never reads as equal to it.
    Number.isFinite(result.value) ? `${result.value.toFixed(3)}×` : DASH,
    Number.isFinite(result.costValue) ? `${result.costValue.toFixed(3)}×` : DASH,
    result.verdict === 'pass' ? '**pass**' : result.verdict === 'missed' ? '**MISSED**' : `not measured (${result.note ?? ''})`,
  ]);
  return markdownTable(['Goal', 'Measured', 'From CPU µs/req', 'Result'], rows, ['left', 'right', 'right', 'left']);
}

export function renderDoors(outcomes: TargetOutcome[], byId: ReadonlyMap<string, TargetOutcome>): string {
  const rows = outcomes.map((outcome) => {
    const { spec } = outcome;
    const store = STORE_NAMES[spec.store];
    if (outcome.status !== 'measured') return [store, spec.label, `${outcome.status}: ${outcome.note ?? ''}`, DASH, DASH, DASH, DASH, DASH, DASH];
    const baseline = spec.baselineId ? byId.get(spec.baselineId) : undefined;
    const summary = summarize(outcome, baseline);
    const baselineName = baseline?.spec.label.split(':')[0] ?? '';
    return [
      store,
      spec.label,
      formatCount(summary.rps),
      spec.baselineId ? `${formatRatio(summary.rpsRatio)} × ${baselineName}` : 'baseline',
      formatMs(summary.p50Ms),
      formatMs(summary.p99Ms),
      formatMiB(outcome.peakRssBytes),
      cpuFigures(summary),
      formatCount(summary.serverCpuUsPerRequest),
    ];
  });
  return markdownTable(
    ['Store', 'Target', 'req/s', 'Ratio', 'p50 ms', 'p99 ms', 'Peak RSS MiB', 'CPU % server(+db) / load', 'Server CPU µs/req'],
    rows,
    ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

/** `server / load`, or `server+database / load` when the database's CPU was measured. */
function cpuFigures(summary: { serverCpu: number; dbCpu: number; loadCpu: number }): string {
  const db = Number.isFinite(summary.dbCpu) ? `+${formatPercent(summary.dbCpu)}` : '';
  return `${formatPercent(summary.serverCpu)}${db} / ${formatPercent(summary.loadCpu)}`;
}

export function renderScaling(outcomes: TargetOutcome[], byId: ReadonlyMap<string, TargetOutcome>): string {
  const rows = outcomes.map((outcome) => {
    const count = formatCount(outcome.spec.pets);
    if (outcome.status !== 'measured') return [count, `${outcome.status}: ${outcome.note ?? ''}`, DASH, DASH, DASH, DASH, DASH, DASH, DASH, DASH];
    const baseline = outcome.spec.baselineId ? byId.get(outcome.spec.baselineId) : undefined;
    const summary = summarize(outcome, baseline);
    return [
      count,
      formatCount(summary.rps),
      formatMs(summary.p50Ms),
      formatMs(summary.p99Ms),
      outcome.spec.baselineId ? `${formatRatio(summary.p50Ratio)}×` : 'reference',
      outcome.heapBytesPerPet === undefined ? DASH : formatCount(outcome.heapBytesPerPet),
      outcome.seedMs === undefined ? DASH : (outcome.seedMs / 1000).toFixed(1),
      formatMiB(outcome.peakRssBytes),
      `${formatPercent(summary.serverCpu)} / ${formatPercent(summary.loadCpu)}`,
      formatCount(summary.serverCpuUsPerRequest),
    ];
  });
  return markdownTable(
    ['Pets stored', 'req/s', 'p50 ms', 'p99 ms', 'p50 vs 1,000 pets', 'Heap bytes per pet', 'Seed s', 'Peak RSS MiB', 'CPU % server / load', 'Server CPU µs/req'],
    rows,
    ['right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

/**
 * What the CPU figures say about the numbers: autocannon at its limit means the server was not
 * the bottleneck; a server short of its core while autocannon had room means something else on
 * the machine took the time (MongoDB servers share their core with FerretDB, so only the embedded
 * store is judged).
 */
export function saturationNotes(outcomes: TargetOutcome[]): string[] {
  const loadBound: string[] = [];
  const noisy: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.status !== 'measured') continue;
    const { serverCpu, loadCpu } = summarize(outcome, undefined);
    const figures = `${outcome.spec.id} (${formatPercent(serverCpu)} / ${formatPercent(loadCpu)})`;
    if (loadCpu >= 0.9) loadBound.push(figures);
    else if (serverCpu < 0.8 && outcome.spec.store === 'memory') noisy.push(figures);
  }
  const notes: string[] = [];
  if (loadBound.length > 0) {
    notes.push(`Load generator at its limit (autocannon ≥ 90% of its core), so these req/s are lower bounds and ratios to them flatter the doors: ${loadBound.join(', ')}.`);
  }
  if (noisy.length > 0) {
    notes.push(`Noisy: the server had under 80% of its core while autocannon had room, so something else on the machine took CPU time (CPU % server / load): ${noisy.join(', ')}. The "From CPU µs/req" column of the goals is the better guide then.`);
  }
  return notes;
}
