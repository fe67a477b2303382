import { api, ApiError } from './api.js';

/** One deprecated operation as getDeprecationReport answers: who called it in the last 30 days, and what replaces it. */
export interface DeprecatedOperation {
  operation: string;
  sunset: string;
  daysLeft: number;
  replacement: string[];
  calls: Array<{ keyId: string; door: string; count: number }>;
}

/** The report, or undefined when this service makes none (the operation answers 404). */
export async function fetchDeprecations(): Promise<DeprecatedOperation[] | undefined> {
  try {
    return (await api<{ operations: DeprecatedOperation[] }>('GET', '/deprecation-report')).operations;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return undefined;
    throw error;
  }
}

/** The deprecated operations each key called: what its row's notice names. */
export function deprecatedCallsByKey(report: readonly DeprecatedOperation[]): Map<string, DeprecatedOperation[]> {
  const byKey = new Map<string, DeprecatedOperation[]>();
  for (const entry of report) for (const { keyId } of entry.calls) byKey.set(keyId, [...new Set([...(byKey.get(keyId) ?? []), entry])]);
  return byKey;
}
