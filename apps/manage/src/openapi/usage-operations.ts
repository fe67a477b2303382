import { UsageQueryInput } from '@petstore/domain';
import type { OperationText } from './operation-text.js';
import { DeprecationReportAnswer, UsageAnswer } from './usage-answers.js';

/** The document's text of the usage operations (docs/usage.md). */
export const USAGE_OPERATION_TEXT = {
  getUsage: {
    summary: "The account's calls, by key, operation, door and outcome",
    description:
      "Every call the account's keys made at the pet doors (REST, GraphQL, tRPC), counted per UTC hour (kept 7 days) and per " +
      'UTC day (kept 400 days), by the catalogue name of the operation, so `listPets` is one line whichever door it came ' +
      'through. Filters: `from` and `to` (ISO 8601 instants, rounded out to whole buckets; by default the last 48 hours by ' +
      'hour, the last 30 days by day; a span reaching back further than buckets are kept starts at the oldest kept, and a ' +
      '`from` after `to` counts nothing), `keyId`, `operation`, `door` (`rest`, `graphql`, `trpc`), `granularity` (`hour` or ' +
      '`day`, the default). Each instance writes its counts every 10 s, so the last seconds may not show yet. Only the ' +
      "account's own keys: another account's key id finds nothing.",
    query: UsageQueryInput,
    success: { status: 200, description: 'The calls.', answer: { name: 'Usage', schema: UsageAnswer } },
  },
  getDeprecationReport: {
    summary: 'Who still calls a deprecated operation',
    description:
      "For each deprecated operation: the account's calls of it in the last 30 UTC days by key and door, its sunset and the " +
      'days left, and what to call instead at each door. `keys` lists every key that called one: those to move before the ' +
      'sunset. Takes no parameters.',
    success: { status: 200, description: 'The report.', answer: { name: 'DeprecationReport', schema: DeprecationReportAnswer } },
  },
} satisfies Record<'getUsage' | 'getDeprecationReport', OperationText>;
