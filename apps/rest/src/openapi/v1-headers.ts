import { RATE_LIMIT_HEADER_COMPONENTS } from '@petstore/http';

type Json = Record<string, unknown>;

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
    ...RATE_LIMIT_HEADER_COMPONENTS,
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

export const REQUEST_ID_HEADER = { 'X-Request-Id': ref('RequestId') };
export const RETRY_AFTER_HEADER = { 'Retry-After': ref('RetryAfter') };
export const WWW_AUTHENTICATE_HEADER = { 'WWW-Authenticate': ref('WWWAuthenticate') };
export const NEXT_LINK_HEADER = { Link: ref('NextLink') };
export const LOCATION_HEADER = { Location: ref('Location') };
export const ALLOW_HEADER = { Allow: ref('Allow') };
