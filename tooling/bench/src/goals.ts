import { pairedCostRatio, pairedP50Ratio, pairedRpsRatio, type TargetOutcome } from './outcome.js';
import { SCALE_LARGE, SCALE_SMALL } from './targets.js';

/** One goal of issue 7: a ratio between two targets of the same run against a threshold. */
export interface Goal {
  text: string;
  numerator: string;
  denominator: string;
  /** req/s ratios must reach the threshold; latency ratios must stay under it. */
  metric: 'rps' | 'p50';
  threshold: number;
}

export interface GoalResult {
  goal: Goal;
  value: number;
  /**
   * The same comparison from CPU time per request (cost of the denominator over the numerator's
   * for throughput goals, the inverse for latency): what the value should be on a quiet machine.
   */
  costValue: number;
  verdict: 'pass' | 'missed' | 'not measured';
  /** Why it was not measured. */
  note?: string;
}

export function issueGoals(largeScalePets: number): Goal[] {
  return [
    { text: 'REST list on the embedded store ≥ 0.70 × B0', numerator: 'memory.rest.list', denominator: 'memory.b0', metric: 'rps', threshold: 0.7 },
    { text: 'tRPC list on the embedded store ≥ 0.50 × B0', numerator: 'memory.trpc.list', denominator: 'memory.b0', metric: 'rps', threshold: 0.5 },
    { text: 'GraphQL list ≥ 0.45 × REST list (embedded store)', numerator: 'memory.graphql.list', denominator: 'memory.rest.list', metric: 'rps', threshold: 0.45 },
    { text: 'REST list on MongoDB ≥ 0.80 × D0', numerator: 'mongodb.rest.list', denominator: 'mongodb.d0', metric: 'rps', threshold: 0.8 },
    {
      text: `Embedded list p50 latency at ${largeScalePets.toLocaleString('en-US')} pets within 10% of 1,000 pets (≤ 1.10×)`,
      numerator: SCALE_LARGE,
      denominator: SCALE_SMALL,
      metric: 'p50',
      threshold: 1.1,
    },
  ];
}

export function evaluateGoals(goals: Goal[], outcomes: ReadonlyMap<string, TargetOutcome>): GoalResult[] {
  return goals.map((goal) => {
    const missing = [goal.numerator, goal.denominator]
      .map((id) => ({ id, outcome: outcomes.get(id) }))
      .find(({ outcome }) => outcome?.status !== 'measured');
    if (missing) {
      const why = missing.outcome ? `${missing.id} ${missing.outcome.status}${missing.outcome.note ? `: ${missing.outcome.note}` : ''}` : `${missing.id} not run`;
      return { goal, value: Number.NaN, costValue: Number.NaN, verdict: 'not measured', note: why };
    }
    const a = outcomes.get(goal.numerator);
    const b = outcomes.get(goal.denominator);
    const value = goal.metric === 'rps' ? pairedRpsRatio(a, b) : pairedP50Ratio(a, b);
    const cost = pairedCostRatio(a, b);
    const costValue = goal.metric === 'rps' ? cost : 1 / cost;
    if (!Number.isFinite(value)) return { goal, value, costValue, verdict: 'not measured', note: 'no round measured both' };
    const met = goal.metric === 'rps' ? value >= goal.threshold : value <= goal.threshold;
    return { goal, value, costValue, verdict: met ? 'pass' : 'missed' };
  });
}
