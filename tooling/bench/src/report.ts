import { DASH, formatCount, formatGiB, formatMiB, formatMs, formatPercent, formatRatio, markdownTable } from './format.js';
import type { GoalResult } from './goals.js';
import type { MachineInfo } from './machine.js';
import { pairedRpsRatio, pairedTailRatio, summarize, type TargetOutcome } from './outcome.js';
import type { Pinning } from './pinning.js';
import type { BenchSettings } from './settings.js';
import { B0, D0, K0, L0 } from './reference-targets.js';
import type { Versus } from './target-spec.js';

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
    "- Requests: each door's as the project's own client sends it by default (`@petstore/client`, Apollo Client 4, `@petstore/trpc-client`), and the same to L0, A0, T0 and the peer stack.",
    '',
    '#### Goals (issue 19)',
    '',
    renderGoals(report.goals.filter((result) => result.goal.issue === 19)),
    '',
    '#### Goals (issue 31: the MongoDB path, each door against its floor, tails against L0)',
    '',
    renderGoals(report.goals.filter((result) => result.goal.issue === 31)),
    '',
    '#### Goals kept from issue 11',
    '',
    renderGoals(report.goals.filter((result) => result.goal.issue === 11)),
    '',
    '#### Doors and references (20 pets stored, valid key), all in the same rounds',
    '',
    renderDoors(
      report.outcomes.filter((o) => !o.spec.scale),
      byId,
    ),
    '',
    ...saturationNotes(report.outcomes).map((note) => `- ${note}`),
    '',
    '#### Scaling (embedded store, REST list)',
    '',
    renderScaling(
      report.outcomes.filter((o) => o.spec.scale),
      byId,
    ),
  ];
  return lines.join('\n');
}

export function renderGoals(goals: GoalResult[]): string {
  const rows = goals.map((result) => {
    const verdict = result.verdict === 'met' ? '**met**' : '**MISSED**';
    return [
      result.goal.text,
      goalValue(result.goal.kind, result.value),
      Number.isFinite(result.costValue) ? `${result.costValue.toFixed(3)}×` : DASH,
      result.verdict === 'not measured' ? `not measured (${result.note ?? ''})` : result.note ? `${verdict} (${result.note})` : verdict,
    ];
  });
  return markdownTable(['Goal', 'Measured', 'From CPU µs/req', 'Result'], rows, ['left', 'right', 'right', 'left']);
}

function goalValue(kind: GoalResult['goal']['kind'], value: number): string {
  if (!Number.isFinite(value)) return DASH;
  // Three decimals, so a ratio just under its threshold never reads as equal to it.
  return kind === 'heap' ? `${value.toFixed(1)} B` : `${value.toFixed(3)}×`;
}

/** The baselines every row is shown against; D0 only means something for the MongoDB targets. */
const BASELINE_COLUMNS = [
  { id: B0, name: 'B0', stores: ['memory', 'mongodb'] },
  { id: K0, name: 'K0', stores: ['memory', 'mongodb'] },
  { id: D0, name: 'D0', stores: ['mongodb'] },
] as const;

/** The columns each target names for itself (targets.ts): the REST list, L0 and the peer doing the same. */
const VERSUS_COLUMNS: { key: keyof Versus; name: string }[] = [
  { key: 'restList', name: 'REST list' },
  { key: 'l0', name: 'L0' },
  { key: 'peer', name: 'peer' },
  { key: 'floor', name: 'floor (A0, T0)' },
];

export function renderDoors(outcomes: TargetOutcome[], byId: ReadonlyMap<string, TargetOutcome>): string {
  const rows = outcomes.map((outcome) => {
    const { spec } = outcome;
    const store = STORE_NAMES[spec.store];
    if (outcome.status !== 'measured') return [store, spec.label, `${outcome.status}: ${outcome.note ?? ''}`, ...Array<string>(14).fill(DASH)];
    const summary = summarize(outcome, undefined);
    const versus = (id: string | undefined): string => {
      if (id === undefined) return DASH;
      return id === spec.id ? 'baseline' : formatRatio(pairedRpsRatio(outcome, byId.get(id)));
    };
    return [
      store,
      spec.label,
      formatCount(summary.rps),
      cpuCost(summary),
      ...VERSUS_COLUMNS.map(({ key }) => versus(spec.versus[key])),
      ...BASELINE_COLUMNS.map(({ id, stores }) => ((stores as readonly string[]).includes(spec.store) ? versus(id) : DASH)),
      formatMs(summary.p50Ms),
      formatMs(summary.p99Ms),
      formatRatio(summary.tailRatio),
      spec.id === L0 ? 'baseline' : formatRatio(pairedTailRatio(outcome, byId.get(L0))),
      formatMiB(outcome.peakRssBytes),
      cpuFigures(summary),
    ];
  });
  return markdownTable(
    [
      'Store',
      'Target',
      'req/s',
      'CPU µs/req server(+db)',
      ...VERSUS_COLUMNS.map(({ name }) => `× ${name}`),
      ...BASELINE_COLUMNS.map(({ name }) => `× ${name}`),
      'p50 ms',
      'p99 ms',
      'p99 / p50',
      "p99 / p50 ÷ L0's",
      'Peak RSS MiB',
      'CPU % server(+db) / load',
    ],
    rows,
    ['left', 'left', ...Array<'right'>(15).fill('right')],
  );
}

/** The server's CPU time per request, and the database's after a `+` when it was measured. */
function cpuCost(summary: { serverCpuUsPerRequest: number; dbCpuUsPerRequest: number }): string {
  const db = Number.isFinite(summary.dbCpuUsPerRequest) ? `+${formatCount(summary.dbCpuUsPerRequest)}` : '';
  return `${formatCount(summary.serverCpuUsPerRequest)}${db}`;
}

/** `server / load`, or `server+database / load` when the database's CPU was measured. */
function cpuFigures(summary: { serverCpu: number; dbCpu: number; loadCpu: number }): string {
  const db = Number.isFinite(summary.dbCpu) ? `+${formatPercent(summary.dbCpu)}` : '';
  return `${formatPercent(summary.serverCpu)}${db} / ${formatPercent(summary.loadCpu)}`;
}

export function renderScaling(outcomes: TargetOutcome[], byId: ReadonlyMap<string, TargetOutcome>): string {
  const rows = outcomes.map((outcome) => {
    const count = formatCount(outcome.spec.pets);
    if (outcome.status !== 'measured') return [count, `${outcome.status}: ${outcome.note ?? ''}`, ...Array<string>(9).fill(DASH)];
    const baselineId = outcome.spec.baselineIds[0];
    const summary = summarize(outcome, baselineId ? byId.get(baselineId) : undefined);
    const heap = outcome.heapBytesPerPet;
    const name = outcome.nameBytesPerPet;
    return [
      count,
      formatCount(summary.rps),
      formatMs(summary.p50Ms),
      formatMs(summary.p99Ms),
      baselineId ? `${formatRatio(summary.p50Ratio)}×` : 'reference',
      heap === undefined ? DASH : formatCount(heap),
      heap === undefined || name === undefined ? DASH : formatCount(heap - name),
      outcome.seedMs === undefined ? DASH : (outcome.seedMs / 1000).toFixed(1),
      formatMiB(outcome.peakRssBytes),
      `${formatPercent(summary.serverCpu)} / ${formatPercent(summary.loadCpu)}`,
      formatCount(summary.serverCpuUsPerRequest),
    ];
  });
  return markdownTable(
    [
      'Pets stored',
      'req/s',
      'p50 ms',
      'p99 ms',
      'p50 vs 1,000 pets',
      'Heap bytes per pet',
      'Beyond the name',
      'Seed s',
      'Peak RSS MiB',
      'CPU % server / load',
      'Server CPU µs/req',
    ],
    rows,
    ['right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
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
    notes.push(
      `Load generator at its limit (autocannon ≥ 90% of its core), so these req/s are lower bounds and ratios to them flatter the doors: ${loadBound.join(', ')}.`,
    );
  }
  if (noisy.length > 0) {
    notes.push(
      `Noisy: the server had under 80% of its core while autocannon had room, so something else on the machine took CPU time (CPU % server / load): ${noisy.join(', ')}. The "From CPU µs/req" column of the goals is the better guide then.`,
    );
  }
  return notes;
}
