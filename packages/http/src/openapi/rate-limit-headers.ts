import type { rateLimitHeaders } from '../rate-limit-headers.js';

type Json = Record<string, unknown>;

const PER_KEY = 'Sent when the key has a rate limit.';

/**
 * The RateLimit fields `rateLimitHeaders` sends with every answer to a key that was charged or
 * checked against its budget, each described once for every document that declares them (/v1's
 * and /manage/v1's). Typed by the sender's own names.
 */
const RATE_LIMIT: { readonly [Name in keyof ReturnType<typeof rateLimitHeaders>]: { component: string; header: Json } } = {
  RateLimit: {
    component: 'RateLimit',
    header: {
      description: `The caller's standing in the current window (IETF draft): \`"per-key";r=<remaining>;t=<seconds to reset>\`. ${PER_KEY}`,
      required: false,
      schema: { type: 'string' },
    },
  },
  'RateLimit-Policy': {
    component: 'RateLimitPolicy',
    header: {
      description: `The quota (IETF draft): \`"per-key";q=<limit>;w=<window seconds>\`, with this key's limit (its own, or the service's). ${PER_KEY}`,
      required: false,
      schema: { type: 'string' },
    },
  },
  'RateLimit-Limit': {
    component: 'RateLimitLimit',
    header: {
      description: `Operations allowed per window for this key (each request of this API is one): its own limit when it has one, otherwise the service's. ${PER_KEY}`,
      required: false,
      schema: { type: 'integer', minimum: 0 },
    },
  },
  'RateLimit-Remaining': {
    component: 'RateLimitRemaining',
    header: {
      description: `Operations left in the current window, after this request. ${PER_KEY}`,
      required: false,
      schema: { type: 'integer', minimum: 0 },
    },
  },
  'RateLimit-Reset': {
    component: 'RateLimitReset',
    header: { description: `Seconds until the window resets. ${PER_KEY}`, required: false, schema: { type: 'integer', minimum: 0 } },
  },
};

/** The RateLimit fields as a document's named headers (`components.headers`). */
export const RATE_LIMIT_HEADER_COMPONENTS: Readonly<Record<string, Json>> = Object.fromEntries(
  Object.values(RATE_LIMIT).map(({ component, header }) => [component, header]),
);

/** The RateLimit fields, as an answer declares them: each a reference to its named header. */
export const RATE_LIMIT_HEADERS: Readonly<Record<string, Json>> = Object.fromEntries(
  Object.entries(RATE_LIMIT).map(([name, { component }]) => [name, { $ref: `#/components/headers/${component}` }]),
);
