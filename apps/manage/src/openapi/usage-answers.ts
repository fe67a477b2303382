import { OPERATION_NAMES, USAGE_DOORS, USAGE_OPERATIONS, USAGE_OUTCOMES, type OutcomeCounts } from '@petstore/domain';
import { z } from 'zod';

/** What getUsage and getDeprecationReport answer, as zod schemas: the handlers' answers are typed by them and the document generated from them. */
const Instant = z.iso.datetime().meta({ description: 'An instant, in UTC (RFC 3339).' });
const KeyId = z.string().meta({ description: 'The key, `key_…` (never the key itself).' });
const Operation = z.enum(OPERATION_NAMES).meta({ description: "The catalogue's name of the operation, whichever door it came through." });
const CountedOperation = z.enum(USAGE_OPERATIONS).meta({
  description:
    "The catalogue's name of the operation, whichever door it came through; `unknown` for calls of what the catalogue does not hold that were charged all the same (a GraphQL root field the schema lacks).",
});
const Door = z.enum(USAGE_DOORS).meta({ description: 'The door it came through: REST (/v1), GraphQL (/graphql) or tRPC (/trpc).' });

const Outcomes = z
  .strictObject(Object.fromEntries(USAGE_OUTCOMES.map((outcome) => [outcome, z.int().min(0)])) as Record<keyof OutcomeCounts, z.ZodInt>)
  .meta({
    description:
      'Calls by outcome: `served` (2xx), `forbidden` (403: the key lacks the scope), `rate_limited` (429), `client_error` (another 4xx), `server_error` (5xx).',
  });

export const UsageAnswer = z
  .strictObject({
    granularity: z.enum(['hour', 'day']),
    from: Instant.meta({ description: 'The first bucket counted: the `from` asked for, rounded down to its hour or UTC day.' }),
    to: Instant.meta({ description: 'The end of the last bucket counted: the `to` asked for, rounded up.' }),
    rows: z
      .array(
        z.strictObject({
          start: Instant.meta({ description: 'The start of the hour or UTC day.' }),
          keyId: KeyId,
          operation: CountedOperation,
          door: Door,
          calls: z.int().min(0),
          outcomes: Outcomes,
        }),
      )
      .meta({ description: 'The calls of each key, operation and door in each hour or day that had any, oldest first.' }),
    keys: z
      .array(
        z.strictObject({
          keyId: KeyId,
          calls: z.int().min(0),
          deprecatedCalls: z.int().min(0).meta({ description: 'How many of them were calls of a deprecated operation (see getDeprecationReport).' }),
        }),
      )
      .meta({ description: 'Each key that made calls in the span, with its totals.' }),
  })
  .meta({ description: "The account's metered calls (written every 10 s by each instance: the last seconds may not show yet)." });
export type UsageAnswer = z.infer<typeof UsageAnswer>;

export const DeprecationReportAnswer = z
  .strictObject({
    from: Instant.meta({ description: 'The start of the span: 30 UTC days, today included.' }),
    to: Instant,
    operations: z.array(
      z.strictObject({
        operation: Operation,
        sunset: Instant.meta({ description: 'From this instant the operation answers 410 `gone`.' }),
        sunsetDay: z.string().meta({ description: 'The day of the sunset, YYYY-MM-DD.' }),
        daysLeft: z.int().min(0).meta({ description: 'Whole days until the sunset; 0 once it has passed.' }),
        replacement: z.strictObject({
          operation: z.string().meta({ description: 'The catalogue operation to call instead.' }),
          description: z.string(),
          calls: z
            .strictObject({ rest: z.string(), graphql: z.string(), trpc: z.string() })
            .nullable()
            .meta({ description: 'How each door calls it: `GET /v1/pets?status=…`, the GraphQL `pets` query, tRPC `pets.list`.' }),
        }),
        calls: z.int().min(0),
        callers: z
          .array(z.strictObject({ keyId: KeyId, door: Door, calls: z.int().min(0) }))
          .meta({ description: 'Who still calls it, by key and door, most calls first.' }),
      }),
    ),
    keys: z
      .array(z.strictObject({ keyId: KeyId, calls: z.int().min(0) }))
      .meta({ description: 'Every key that called a deprecated operation in the span: a notice belongs on its row.' }),
  })
  .meta({ description: 'Each deprecated operation: its calls of the last 30 days by key and door, its sunset and its replacement.' });
export type DeprecationReportAnswer = z.infer<typeof DeprecationReportAnswer>;
