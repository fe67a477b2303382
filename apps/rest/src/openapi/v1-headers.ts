import type { rateLimitHeaders } from '@petstore/http';

type Json = Record<string, unknown>;

const PER_KEY = 'Sent when the key has a rate limit.';

/**
 * The RateLimit fields packages/http's `rateLimitHeaders` sends with every answer to a key that
 * was charged or checked against its budget, each described. Typed by the sender's own names, so
 * a field it starts sending does not compile here until it is described.
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

/** The document's named headers: those several answers carry. */
export function headerComponents(): Record<string, Json> {
  return {
    NextLink: {
      description:
        'Present when more pets follow: `<URL>; rel="next"`, where URL, absolute under the service\'s public origin as `Location` is, ' +
        'repeats `limit` and `status` and adds the `after` cursor.',
      required: false,
      schema: { type: 'string', pattern: '^<[^>]+>; rel="next"$' },
    },
    Location: {
      description:
        "The created pet's URL, absolute, under the service's public origin: `PUBLIC_BASE_URL`, or in development " +
        '`http://localhost:PORT`; never the `Host` the request named.',
      required: true,
      schema: { type: 'string', format: 'uri-reference' },
    },
    WWWAuthenticate: {
      description: 'The authentication scheme to use.',
      required: true,
      schema: { type: 'string', const: 'Bearer realm="petstore"' },
    },
    RetryAfter: { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 0 } },
    Allow: { description: 'The methods the resource supports.', required: true, schema: { type: 'string' } },
    ...Object.fromEntries(Object.values(RATE_LIMIT).map(({ component, header }) => [component, header])),
    RequestId: {
      description:
        "The id this request is known by in the service's logs: the caller's `X-Request-Id` when it was usable, otherwise a new one. " +
        'Quote it when reporting a problem.',
      required: true,
      schema: { type: 'string', minLength: 1 },
    },
  };
}

const ref = (component: string): Json => ({ $ref: `#/components/headers/${component}` });

/** The RateLimit fields, as an answer declares them. */
export const RATE_LIMIT_HEADERS: Readonly<Record<string, Json>> = Object.fromEntries(
  Object.entries(RATE_LIMIT).map(([name, { component }]) => [name, ref(component)]),
);

export const REQUEST_ID_HEADER = { 'X-Request-Id': ref('RequestId') };
export const RETRY_AFTER_HEADER = { 'Retry-After': ref('RetryAfter') };
export const WWW_AUTHENTICATE_HEADER = { 'WWW-Authenticate': ref('WWWAuthenticate') };
export const NEXT_LINK_HEADER = { Link: ref('NextLink') };
export const LOCATION_HEADER = { Location: ref('Location') };
export const ALLOW_HEADER = { Allow: ref('Allow') };
