import { CATALOGUE, OPERATION_NAMES, sunsetDay, type Deprecation, type Operation, type OperationName } from '../operations/catalogue.js';
import { DAY_MS, type UsageBucket, type UsageDoor } from './ports.js';

/**
 * How each pet door calls an operation that replaces a deprecated one, for the people who must
 * move their calls. The gateway's test checks these against each door's own table.
 */
export const SUCCESSOR_CALLS: Partial<Readonly<Record<OperationName, Readonly<Record<UsageDoor, string>>>>> = {
  listPets: { rest: 'GET /v1/pets?status=…', graphql: 'pets', trpc: 'pets.list' },
};

/** The span the report counts: the last 30 UTC days, today included. */
export const DEPRECATION_REPORT_DAYS = 30;

export interface DeprecatedCaller {
  keyId: string;
  door: UsageDoor;
  calls: number;
}

export interface DeprecatedOperationReport {
  operation: OperationName;
  /** The day it answers `gone` from (YYYY-MM-DD), and the instant. */
  sunset: Date;
  sunsetDay: string;
  /** Whole days until the sunset, 0 once it has passed. */
  daysLeft: number;
  replacement: { operation: string; description: string; calls: Readonly<Record<UsageDoor, string>> | null };
  /** Its calls in the span, and by key and door (most calls first). */
  calls: number;
  callers: DeprecatedCaller[];
}

export interface DeprecationReport {
  from: Date;
  to: Date;
  operations: DeprecatedOperationReport[];
  /** Keys that called any deprecated operation in the span: the portal's notice on each key's row. */
  keys: { keyId: string; calls: number }[];
}

/** The deprecated operations of the catalogue, each with its calls by key and door in the day buckets read. */
export function deprecationReport(span: { from: Date; to: Date }, buckets: readonly UsageBucket[], now: Date): DeprecationReport {
  const keys = new Map<string, number>();
  const operations = deprecatedOperations().map((operation) => {
    const callers = new Map<string, DeprecatedCaller>();
    let calls = 0;
    for (const bucket of buckets) {
      if (bucket.operation !== operation.name) continue;
      calls += bucket.count;
      keys.set(bucket.keyId, (keys.get(bucket.keyId) ?? 0) + bucket.count);
      const id = `${bucket.keyId}|${bucket.door}`;
      const caller = callers.get(id) ?? { keyId: bucket.keyId, door: bucket.door, calls: 0 };
      caller.calls += bucket.count;
      callers.set(id, caller);
    }
    return operationReport(operation, calls, [...callers.values()], now);
  });
  return {
    from: span.from,
    to: span.to,
    operations,
    keys: [...keys].map(([keyId, calls]) => ({ keyId, calls })).sort((a, b) => b.calls - a.calls || (a.keyId < b.keyId ? -1 : 1)),
  };
}

function operationReport(operation: DeprecatedOperation, calls: number, callers: DeprecatedCaller[], now: Date): DeprecatedOperationReport {
  const { deprecation } = operation;
  return {
    operation: operation.name,
    sunset: deprecation.sunset,
    sunsetDay: sunsetDay(deprecation),
    daysLeft: Math.max(0, Math.ceil((deprecation.sunset.getTime() - now.getTime()) / DAY_MS)),
    replacement: {
      operation: deprecation.successor,
      description: deprecation.replacement,
      calls: SUCCESSOR_CALLS[deprecation.successor as OperationName] ?? null,
    },
    calls,
    callers: callers.sort((a, b) => b.calls - a.calls || (a.keyId < b.keyId ? -1 : 1) || (a.door < b.door ? -1 : 1)),
  };
}

type DeprecatedOperation = Operation & { readonly deprecation: Deprecation };

export function deprecatedOperations(): DeprecatedOperation[] {
  return OPERATION_NAMES.map((name) => CATALOGUE[name]).filter((operation): operation is DeprecatedOperation => operation.deprecation !== undefined);
}
