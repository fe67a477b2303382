import type { DeprecationReport, UsageReport } from '@petstore/domain';
import type { DeprecationReportAnswer, UsageAnswer } from './openapi/usage-answers.js';

/** getUsage's answer: the report with its instants as text. */
export function usageJson(report: UsageReport): UsageAnswer {
  return {
    granularity: report.granularity,
    from: report.from.toISOString(),
    to: report.to.toISOString(),
    rows: report.rows.map((row) => ({ ...row, start: row.start.toISOString(), outcomes: { ...row.outcomes } })),
    keys: report.keys.map((key) => ({ ...key })),
  };
}

export function deprecationReportJson(report: DeprecationReport): DeprecationReportAnswer {
  return {
    from: report.from.toISOString(),
    to: report.to.toISOString(),
    operations: report.operations.map((operation) => ({
      ...operation,
      sunset: operation.sunset.toISOString(),
      replacement: { ...operation.replacement, calls: operation.replacement.calls && { ...operation.replacement.calls } },
      callers: operation.callers.map((caller) => ({ ...caller })),
    })),
    keys: report.keys.map((key) => ({ ...key })),
  };
}
