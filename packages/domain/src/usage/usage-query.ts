import { z } from 'zod';
import {
  bucketStart,
  DAY_BUCKET_DAYS,
  DAY_MS,
  HOUR_BUCKET_DAYS,
  HOUR_MS,
  USAGE_DOORS,
  USAGE_OPERATIONS,
  type UsageFilter,
  type UsageGranularity,
} from './ports.js';

const Instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant' });

/** getUsage's filters, as the query string or the command line gives them (all optional). */
export const UsageQueryInput = z.strictObject({
  from: Instant.optional(),
  to: Instant.optional(),
  keyId: z.string({ error: 'must be text' }).min(1).max(100, { error: 'must be at most 100 characters' }).optional(),
  operation: z.enum(USAGE_OPERATIONS, { error: 'must be an operation of the catalogue, such as listPets, or unknown' }).optional(),
  door: z.enum(USAGE_DOORS, { error: 'must be rest, graphql or trpc' }).optional(),
  granularity: z.enum(['hour', 'day'], { error: 'must be hour or day' }).default('day'),
});
export type UsageQueryInput = z.input<typeof UsageQueryInput>;

/** By default: the last 48 hours by hour, the last 30 days by day. */
const DEFAULT_SPAN_MS: Readonly<Record<UsageGranularity, number>> = { hour: 48 * HOUR_MS, day: 30 * DAY_MS };
/** No wider than what is kept. */
const MAX_SPAN_MS: Readonly<Record<UsageGranularity, number>> = { hour: HOUR_BUCKET_DAYS * DAY_MS, day: DAY_BUCKET_DAYS * DAY_MS };

/**
 * The buckets a query reads: `from` and `to` rounded out to whole buckets (so an hour or a day is
 * counted whole or not at all), `to` the present by default, `from` a default span before it. A
 * `from` after `to` counts nothing (the span is empty, at `to`), and a span reaching back further
 * than buckets are kept starts at the oldest one kept: rules between two filters that the
 * document's schema could not state are answers, whose `from` says where counting started.
 */
export function usageFilter(accountId: string, input: z.output<typeof UsageQueryInput>, now: Date): UsageFilter {
  const { granularity } = input;
  const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const toMs = input.to === undefined ? now.getTime() : Date.parse(input.to);
  const to = bucketStart(toMs - 1, granularity) + size;
  const asked = bucketStart(input.from === undefined ? to - DEFAULT_SPAN_MS[granularity] : Date.parse(input.from), granularity);
  const from = Math.min(to, Math.max(asked, to - MAX_SPAN_MS[granularity]));
  return {
    accountId,
    granularity,
    from: new Date(from),
    to: new Date(to),
    keyId: input.keyId,
    operation: input.operation,
    door: input.door,
  };
}
