import { pairedCostRatio, pairedP50Ratio, pairedRpsRatio, pairedTailRatio, type TargetOutcome } from './outcome.js';
import { A0, D0, D0_INSERT, D0_SERVICE, L0, L0_MONGO, L0_MONGO_CREATE, PEER_GRAPHQL_LIST, PEER_TRPC_LIST, T0 } from './reference-targets.js';
import { allTargets, GRAPHQL_FIRST_SIGHT, GRAPHQL_LIST, REST_CREATE, REST_LIST, SCALE_LARGE, SCALE_SMALL, TRPC_LIST } from './targets.js';

/**
 * The issue that set a goal: 19's replace 11's ratios on the embedded store, 31's add the MongoDB
 * path's cost and each door's floor, and replace 11's tails; 11's others still stand.
 */
type Issue = 11 | 19 | 31;

/** A ratio between two targets of the same run against a threshold. */
export interface RatioGoal {
  kind: 'ratio';
  issue: Issue;
  text: string;
  numerator: string;
  denominator: string;
  /**
   * req/s ratios must reach the threshold; latency ratios must stay under it, and so must `cpu`
   * ratios (the numerator's server CPU µs per request over the denominator's, Node's process only).
   */
  metric: 'rps' | 'p50' | 'cpu';
  threshold: number;
  /** Another denominator whose ratio the result notes, not judged: a variant of the baseline. */
  alsoAgainst?: Reference;
}

/** A target a goal's result mentions beside its own figure, to tell where a gap comes from. */
export interface Reference {
  id: string;
  /** How the note names it. */
  name: string;
}

/**
 * p99 / p50 of each target over `relativeTo`'s p99 / p50 in the same rounds, the worst of them
 * at most the threshold: the machine's own tail, which every server run then shares, cancels out.
 */
export interface TailGoal {
  kind: 'tail';
  issue: Issue;
  text: string;
  targets: string[];
  relativeTo: string;
  threshold: number;
  /** A target whose relative tail the result notes, not judged: the driver alone doing the same. */
  reference?: Reference;
}

/** Heap bytes per pet beyond its name, in a scaling target's store, at most the threshold. */
export interface HeapGoal {
  kind: 'heap';
  issue: Issue;
  text: string;
  target: string;
  threshold: number;
}

/** One goal of issue 19 or of issue 11. */
export type Goal = RatioGoal | TailGoal | HeapGoal;

export interface GoalResult {
  goal: Goal;
  /** A ratio for ratio and tail goals, bytes for the heap goal. */
  value: number;
  /**
   * For ratio goals, the same comparison from CPU time per request (cost of the denominator over
   * the numerator's for throughput goals, the inverse for latency): what the value should be on a
   * quiet machine. NaN for other goals.
   */
  costValue: number;
  verdict: 'met' | 'missed' | 'not measured';
  /** Why it was not measured, or which target a tail goal's value comes from. */
  note?: string;
}

const DOOR_NAMES = { rest: 'REST', graphql: 'GraphQL', trpc: 'tRPC' } as const;

export function issueGoals(settings: { scalePets: number; connections: number }): Goal[] {
  const ratio = (issue: Issue, text: string, numerator: string, denominator: string, threshold: number): RatioGoal => ({
    kind: 'ratio',
    issue,
    text,
    numerator,
    denominator,
    metric: 'rps',
    threshold,
  });
  const large = settings.scalePets.toLocaleString('en-US');
  // The first-sight stream measures what a new document costs, not a door's tail under its clients' load.
  const doorTargets = allTargets(settings.scalePets).filter((spec) => !spec.scale && !spec.reference && spec.id !== GRAPHQL_FIRST_SIGHT);
  const trpc = 'tRPC list as the typed client sends it';
  const cpu = (text: string, numerator: string, denominator: string, threshold: number): RatioGoal => ({
    ...ratio(31, text, numerator, denominator, threshold),
    metric: 'cpu',
  });
  return [
    ratio(19, 'REST list ≥ 1.0 × L0', REST_LIST, L0, 1),
    ratio(19, `${trpc} ≥ 0.80 × REST list`, TRPC_LIST, REST_LIST, 0.8),
    ratio(19, `${trpc} ≥ 2 × the tRPC-adapter peer`, TRPC_LIST, PEER_TRPC_LIST, 2),
    {
      ...ratio(19, "GraphQL list, Apollo Client's request ≥ 0.60 × REST list", GRAPHQL_LIST, REST_LIST, 0.6),
      alsoAgainst: { id: PEER_GRAPHQL_LIST, name: 'the mercurius peer' },
    },
    ratio(19, 'REST create ≥ 0.80 × REST list', REST_CREATE, REST_LIST, 0.8),
    {
      ...cpu("REST list on MongoDB: Node CPU µs/req ≤ 1.15 × D0 with the service's client options", 'mongodb.rest.list', D0_SERVICE, 1.15),
      alsoAgainst: { id: L0_MONGO, name: 'L0 on MongoDB' },
    },
    {
      ...cpu('REST create on MongoDB: Node CPU µs/req ≤ 1.15 × D0 insert', 'mongodb.rest.create', D0_INSERT, 1.15),
      alsoAgainst: { id: L0_MONGO_CREATE, name: 'L0 on MongoDB' },
    },
    ratio(31, "GraphQL list, Apollo Client's request ≥ 0.95 × A0 (Apollo + graphql-jit on Koa, lean envelope)", GRAPHQL_LIST, A0, 0.95),
    ratio(31, `${trpc} ≥ 1.0 × T0 (callTRPCProcedure on Koa, lean envelope)`, TRPC_LIST, T0, 1),
    ...(['rest', 'graphql', 'trpc'] as const).map((door): TailGoal => ({
      kind: 'tail',
      issue: 31,
      text: `${DOOR_NAMES[door]}: p99 / p50 ≤ 1.25 × L0's in the same rounds at ${settings.connections} connections, every target of the door`,
      targets: doorTargets.filter((spec) => spec.door === door).map((spec) => spec.id),
      relativeTo: L0,
      threshold: 1.25,
      ...(door === 'rest' && { reference: { id: D0_INSERT, name: 'driver-only insert' } }),
    })),
    {
      ...ratio(11, 'REST list on MongoDB ≥ 0.90 × D0', 'mongodb.rest.list', D0, 0.9),
      alsoAgainst: { id: D0_SERVICE, name: "D0 with the service's client options" },
    },
    {
      kind: 'ratio',
      issue: 11,
      text: `Embedded list p50 latency at ${large} pets within 10% of 1,000 pets (≤ 1.10×)`,
      numerator: SCALE_LARGE,
      denominator: SCALE_SMALL,
      metric: 'p50',
      threshold: 1.1,
    },
    {
      kind: 'heap',
      issue: 11,
      text: `Embedded store at ${large} pets: ≤ 100 heap bytes per pet beyond its name`,
      target: SCALE_LARGE,
      threshold: 100,
    },
  ];
}

const notMeasured = (goal: Goal, note: string): GoalResult => ({ goal, value: Number.NaN, costValue: Number.NaN, verdict: 'not measured', note });

const why = (id: string, outcome: TargetOutcome | undefined): string =>
  outcome ? `${id} ${outcome.status}${outcome.note ? `: ${outcome.note}` : ''}` : `${id} not run`;

export function evaluateGoals(goals: Goal[], outcomes: ReadonlyMap<string, TargetOutcome>): GoalResult[] {
  return goals.map((goal) => {
    if (goal.kind === 'tail') return evaluateTail(goal, outcomes);
    if (goal.kind === 'heap') return evaluateHeap(goal, outcomes);
    const missing = [goal.numerator, goal.denominator].find((id) => outcomes.get(id)?.status !== 'measured');
    if (missing) return notMeasured(goal, why(missing, outcomes.get(missing)));
    const a = outcomes.get(goal.numerator);
    const b = outcomes.get(goal.denominator);
    const cost = pairedCostRatio(a, b);
    const value = goal.metric === 'rps' ? pairedRpsRatio(a, b) : goal.metric === 'p50' ? pairedP50Ratio(a, b) : 1 / cost;
    const costValue = goal.metric === 'rps' ? cost : 1 / cost;
    if (!Number.isFinite(value)) return { goal, value, costValue, verdict: 'not measured', note: 'no round measured both' };
    const met = goal.metric === 'rps' ? value >= goal.threshold : value <= goal.threshold;
    const note = goal.alsoAgainst && alsoAgainstNote(goal, a, outcomes.get(goal.alsoAgainst.id));
    return { goal, value, costValue, verdict: met ? 'met' : 'missed', ...(note && { note }) };
  });
}

/** `× <variant>: <ratio>×, <ratio from CPU>× from CPU`, when the variant was measured in the same rounds. */
function alsoAgainstNote(goal: RatioGoal, numerator: TargetOutcome | undefined, variant: TargetOutcome | undefined): string | undefined {
  const cost = pairedCostRatio(numerator, variant);
  const value = goal.metric === 'rps' ? pairedRpsRatio(numerator, variant) : goal.metric === 'p50' ? pairedP50Ratio(numerator, variant) : 1 / cost;
  if (!goal.alsoAgainst || !Number.isFinite(value)) return undefined;
  return `× ${goal.alsoAgainst.name}: ${value.toFixed(3)}×, ${(goal.metric === 'rps' ? cost : 1 / cost).toFixed(3)}× from CPU`;
}

/** Judged on the door's targets measured in the same rounds as `relativeTo`; the worst one is named. */
function evaluateTail(goal: TailGoal, outcomes: ReadonlyMap<string, TargetOutcome>): GoalResult {
  const base = outcomes.get(goal.relativeTo);
  if (base?.status !== 'measured') return notMeasured(goal, why(goal.relativeTo, base));
  let worst: { id: string; value: number } | undefined;
  for (const id of goal.targets) {
    const value = pairedTailRatio(outcomes.get(id), base);
    if (Number.isFinite(value) && (!worst || value > worst.value)) worst = { id, value };
  }
  if (!worst) return notMeasured(goal, `none of ${goal.targets.join(', ')} measured`);
  const referenceTail = goal.reference ? pairedTailRatio(outcomes.get(goal.reference.id), base) : Number.NaN;
  const note = Number.isFinite(referenceTail) ? `; ${goal.reference?.name ?? ''}: ${referenceTail.toFixed(3)}× L0's` : '';
  return {
    goal,
    value: worst.value,
    costValue: Number.NaN,
    verdict: worst.value <= goal.threshold ? 'met' : 'missed',
    note: `worst: ${worst.id}${note}`,
  };
}

function evaluateHeap(goal: HeapGoal, outcomes: ReadonlyMap<string, TargetOutcome>): GoalResult {
  const outcome = outcomes.get(goal.target);
  if (outcome?.status !== 'measured') return notMeasured(goal, why(goal.target, outcome));
  if (outcome.heapBytesPerPet === undefined || outcome.nameBytesPerPet === undefined)
    return notMeasured(goal, 'heap not measured (needs --expose-gc)');
  const value = outcome.heapBytesPerPet - outcome.nameBytesPerPet;
  return { goal, value, costValue: Number.NaN, verdict: value <= goal.threshold ? 'met' : 'missed' };
}
