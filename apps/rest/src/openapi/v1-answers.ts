import { codeOfStatus, RATE_LIMIT_HEADERS, refusalSchema } from '@petstore/http';
import { ALLOW_HEADER, REQUEST_ID_HEADER, RETRY_AFTER_HEADER, WWW_AUTHENTICATE_HEADER } from './v1-headers.js';

type Json = Record<string, unknown>;

/** A refusal's component name and what it says, for every status an operation or any path under /v1 may answer with. */
const REFUSALS = {
  400: {
    name: 'BadRequest',
    description:
      'The request is invalid: the message names every bad field (a parameter, including one the operation does not take or one given ' +
      'twice, a body field, or `body` itself when it is missing or not valid JSON).',
  },
  401: {
    name: 'Unauthorized',
    description: 'The API key is missing, malformed, unknown, revoked or expired (the message says which when it expired).',
  },
  403: {
    name: 'Forbidden',
    description:
      'The API key is valid but lacks the scope this operation needs (`x-petstore-scopes`); the message names both. Nothing was done ' +
      'and nothing was charged: the `RateLimit` headers show what is left.',
  },
  404: { name: 'NotFound', description: 'Nothing has this id.' },
  405: {
    name: 'MethodNotAllowed',
    description:
      'The resource exists but does not support this method; `Allow` lists the methods it does support. Answered for any method not documented on a path.',
  },
  409: { name: 'Conflict', description: 'The `Idempotency-Key` was already used with a different pet.' },
  410: { name: 'Gone', description: 'The operation was removed at its sunset.' },
  413: { name: 'PayloadTooLarge', description: 'The request body is larger than the configured limit (16 KiB by default).' },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'The request body is not `application/json` (with no charset parameter or `charset=utf-8`). Other types built on JSON, such as ' +
      '`application/merge-patch+json`, are refused too: they name another format.',
  },
  429: { name: 'TooManyRequests', description: 'The API key has used up its requests for the current window; retry after `Retry-After` seconds.' },
  431: {
    name: 'HeadersTooLarge',
    description:
      'The request headers are larger than the configured limit (16 KiB by default). The request is refused before it is read, so this ' +
      'answer carries no other header of this document and closes the connection.',
  },
  500: { name: 'InternalError', description: 'An unexpected failure; its details are logged, never sent.' },
  503: { name: 'ServiceUnavailable', description: 'The database is unavailable; retry after `Retry-After` seconds.' },
} as const satisfies Record<number, { name: string; description: string }>;

export type RefusalStatus = keyof typeof REFUSALS;

/** The statuses answered for a path or method no operation has: documented once, not on each operation. */
const UNROUTED: readonly RefusalStatus[] = [405];

/** The body schema's component name of a refusal: its code's words, `…Error`. */
export function errorSchemaName(status: number): string {
  const words = codeOfStatus(status).replace(/(^|_)(\w)/g, (_, __: string, letter: string) => letter.toUpperCase());
  return words.endsWith('Error') ? words : `${words}Error`;
}

/**
 * The headers a refusal carries, as the HTTP layer sends them: a 431 none (refused before it is
 * read), a 401 and a 405 no RateLimit (no key was charged), every other one the key's RateLimit
 * standing; `Retry-After` with 429 and 503.
 */
export function refusalHeaders(status: RefusalStatus): Json {
  switch (status) {
    case 431:
      return {};
    case 401:
      return { ...WWW_AUTHENTICATE_HEADER, ...REQUEST_ID_HEADER };
    case 405:
      return { ...ALLOW_HEADER, ...REQUEST_ID_HEADER };
    case 429:
    case 503:
      return { ...RETRY_AFTER_HEADER, ...RATE_LIMIT_HEADERS, ...REQUEST_ID_HEADER };
    default:
      return { ...RATE_LIMIT_HEADERS, ...REQUEST_ID_HEADER };
  }
}

/** A refusal as an answer: what it says, its headers (`extra` after them), and its body. */
export function refusal(status: RefusalStatus, description: string = REFUSALS[status].description, extra: Json = {}): Json {
  const headers = { ...refusalHeaders(status), ...extra };
  return {
    description,
    ...(Object.keys(headers).length > 0 && { headers }),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${errorSchemaName(status)}` } } },
  };
}

/** The refusals several operations answer with, by name, and the 405 of any path; particular ones are each operation's own. */
export function responseComponents(shared: readonly RefusalStatus[]): Record<string, Json> {
  const statuses = [...new Set([...shared, ...UNROUTED])].sort((a, b) => a - b);
  return Object.fromEntries(statuses.map((status) => [REFUSALS[status].name, refusal(status)]));
}

export const refusalRef = (status: RefusalStatus): Json => ({ $ref: `#/components/responses/${REFUSALS[status].name}` });

/** The body schemas of every refusal: the `Error` every refusal is, with its code and status. */
export function errorSchemas(): Record<string, Json> {
  const statuses = Object.keys(REFUSALS).map(Number);
  return {
    Error: {
      description: 'What went wrong. `code` is stable and machine-readable; `message` is for people; `status` repeats the HTTP status.',
      type: 'object',
      required: ['code', 'message', 'status'],
      properties: { code: { type: 'string' }, message: { type: 'string', minLength: 1 }, status: { type: 'integer', minimum: 400, maximum: 599 } },
      examples: [{ code: 'invalid_request', message: 'limit: must be an integer from 1 to 100', status: 400 }],
    },
    ...Object.fromEntries(statuses.map((status) => [errorSchemaName(status), refusalSchema(status)])),
  };
}
