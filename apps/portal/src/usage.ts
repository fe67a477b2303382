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

/** The rows summed per bucket start, every bucket of the period present (zero when nothing was called). */
export function series(rows: readonly UsageRow[], from: Date, to: Date, granularity: Granularity): Array<{ start: Date; count: number }> {
  const step = granularity === 'hour' ? 3_600_000 : 86_400_000;
  const first = Math.floor(from.getTime() / step) * step;
  const counts = new Map<number, number>();
  for (const row of rows) {
    const at = Math.floor(Date.parse(row.start) / step) * step;
    counts.set(at, (counts.get(at) ?? 0) + row.calls);
  }
  const points: Array<{ start: Date; count: number }> = [];
  for (let at = first; at <= to.getTime(); at += step) points.push({ start: new Date(at), count: counts.get(at) ?? 0 });
  return points;
}

export const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 3_600_000);
