import { answer, ApiError, manage, type Schemas } from './api.js';

/**
 * Usage as the management API's getUsage answers it: counts per time bucket, key, operation (the
 * catalogue's name, whatever the door), door and outcome. Until the service meters usage (the
 * operation answers 404), the portal says so instead of showing zeros.
 */
export type Usage = Schemas['Usage'];
export type UsageRow = Usage['rows'][number];

export type Granularity = Usage['granularity'];

export interface UsageQuery {
  from: Date;
  granularity: Granularity;
  keyId?: string | undefined;
}

/** The usage of the period, or undefined when this service does not meter usage. */
export async function fetchUsage({ from, granularity, keyId }: UsageQuery): Promise<Usage | undefined> {
  try {
    return await answer(manage.GET('/usage', { params: { query: { from: from.toISOString(), granularity, ...(keyId && { keyId }) } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return undefined;
    throw error;
  }
}

/** One bucket of a chart: the calls served, and the rest (refused, rate-limited, bad or failed), stacked apart. */
export interface UsagePoint {
  start: Date;
  served: number;
  refused: number;
}

/** The rows summed per bucket start, every bucket of the period present (zero when nothing was called). */
export function series(rows: readonly UsageRow[], from: Date, to: Date, granularity: Granularity): UsagePoint[] {
  const step = granularity === 'hour' ? 3_600_000 : 86_400_000;
  const first = Math.floor(from.getTime() / step) * step;
  const sums = new Map<number, { served: number; refused: number }>();
  for (const row of rows) {
    const at = Math.floor(Date.parse(row.start) / step) * step;
    const sum = sums.get(at) ?? { served: 0, refused: 0 };
    const served = row.outcomes.served;
    sums.set(at, { served: sum.served + served, refused: sum.refused + row.calls - served });
  }
  const points: UsagePoint[] = [];
  for (let at = first; at <= to.getTime(); at += step) points.push({ start: new Date(at), served: 0, refused: 0, ...sums.get(at) });
  return points;
}

/** A named share of the usage (an operation, a key) and its points. */
interface UsageShare {
  name: string;
  points: UsagePoint[];
}

/**
 * The period's usage as the page charts it: in all, per operation and per key, with the one
 * scale they share (the tallest bar of any), so that one call is never drawn as tall as ten.
 */
export function breakdown(rows: readonly UsageRow[], from: Date, to: Date, granularity: Granularity) {
  const shares = (nameOf: (row: UsageRow) => string): UsageShare[] =>
    [...new Set(rows.map(nameOf))].sort().map((name) => ({
      name,
      points: series(
        rows.filter((row) => nameOf(row) === name),
        from,
        to,
        granularity,
      ),
    }));
  const total = series(rows, from, to, granularity);
  const max = Math.max(1, ...total.map(({ served, refused }) => served + refused));
  return { total, byOperation: shares((row) => row.operation), byKey: shares((row) => row.keyId), max };
}

export const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 3_600_000);
