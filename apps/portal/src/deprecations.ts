import { api, ApiError } from './api.js';

/** One deprecated operation as getDeprecationReport answers: who called it in the last 30 days, and what replaces it. */
export interface DeprecatedOperation {
  operation: string;
  sunset: string;
  daysLeft: number;
  replacement: { operation: string; description: string; calls: { rest: string; graphql: string; trpc: string } | null };
  calls: number;
  callers: Array<{ keyId: string; door: string; calls: number }>;
}

export interface DeprecationReport {
  operations: DeprecatedOperation[];
  /** Every key that called a deprecated operation in the last 30 days: a notice belongs on its row. */
  keys: Array<{ keyId: string; calls: number }>;
}

/** The report, or undefined when this service makes none (the operation answers 404). */
export async function fetchDeprecations(): Promise<DeprecationReport | undefined> {
  try {
    return await api<DeprecationReport>('GET', '/deprecation-report');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return undefined;
    throw error;
  }
}

/** The deprecated operations each key called: what its row's notice names. */
export function deprecatedCallsByKey(report: DeprecationReport): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const entry of report.operations)
    for (const { keyId } of entry.callers) byKey.set(keyId, [...new Set([...(byKey.get(keyId) ?? []), entry.operation])]);
  return byKey;
}
