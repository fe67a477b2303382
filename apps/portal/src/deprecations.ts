import { answer, ApiError, manage, type Schemas } from './api.js';

/** Each deprecated operation, who called it in the last 30 days and what replaces it; and every key that called one. */
type DeprecationReport = Schemas['DeprecationReport'];

/** The report, or undefined when this service makes none (the operation answers 404). */
export async function fetchDeprecations(): Promise<DeprecationReport | undefined> {
  try {
    return await answer(manage.GET('/deprecation-report'));
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
