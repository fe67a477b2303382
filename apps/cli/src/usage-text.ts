import { USAGE_OUTCOMES, type DeprecationReport, type UsageReport } from '@petstore/domain';
import { textTable } from './text-table.js';

const day = (at: Date) => at.toISOString().slice(0, 10);

/** `petstore usage`: each key's calls over the span by operation and door, with every outcome, then the deprecation report. */
export function usageLines(accountId: string, usage: UsageReport, report: DeprecationReport): string[] {
  const lines = [`calls of account ${accountId}'s keys from ${day(usage.from)} to ${day(usage.to)} (UTC days, the end excluded)`];
  const totals = new Map<string, { keyId: string; operation: string; door: string; calls: number; outcomes: Record<string, number> }>();
  for (const row of usage.rows) {
    const id = `${row.keyId}|${row.operation}|${row.door}`;
    const total = totals.get(id) ?? { keyId: row.keyId, operation: row.operation, door: row.door, calls: 0, outcomes: {} };
    total.calls += row.calls;
    for (const outcome of USAGE_OUTCOMES) total.outcomes[outcome] = (total.outcomes[outcome] ?? 0) + row.outcomes[outcome];
    totals.set(id, total);
  }
  if (totals.size === 0) lines.push('no calls');
  else
    lines.push(
      ...textTable([
        ['KEY', 'OPERATION', 'DOOR', 'CALLS', ...USAGE_OUTCOMES.map((outcome) => outcome.toUpperCase())],
        ...[...totals.values()].map((total) => [
          total.keyId,
          total.operation,
          total.door,
          String(total.calls),
          ...USAGE_OUTCOMES.map((outcome) => String(total.outcomes[outcome] ?? 0)),
        ]),
      ]),
    );
  return [...lines, '', ...deprecationLines(report)];
}

function deprecationLines(report: DeprecationReport): string[] {
  return report.operations.flatMap((operation) => {
    const calls = operation.replacement.calls;
    const instead = calls ? `REST ${calls.rest}, GraphQL ${calls.graphql}, tRPC ${calls.trpc}` : operation.replacement.operation;
    const head = `deprecated ${operation.operation}: removed on ${operation.sunsetDay} (${operation.daysLeft} days left); call instead ${instead}`;
    if (operation.callers.length === 0) return [head, `  no calls in the last 30 days`];
    return [
      head,
      `  ${operation.calls} calls in the last 30 days:`,
      ...textTable([['KEY', 'DOOR', 'CALLS'], ...operation.callers.map((caller) => [caller.keyId, caller.door, String(caller.calls)])]).map(
        (line) => `  ${line}`,
      ),
    ];
  });
}
