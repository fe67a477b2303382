import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { PetstoreRestClient } from './client-type.js';
import { readExactJson, writeExactJson } from './exact-json.js';
import type { PetstorePaths } from './exact-types.js';
import type { components } from './generated/openapi.js';
import { refuseUnsafeNumber } from './int64.js';

export type { PetstoreRestClient } from './client-type.js';
export type PetStatus = components['schemas']['PetStatus'];
/** Every error body of the API: `code` and `status` narrow together on each operation's responses. */
export type ApiError = components['schemas']['Error'];

export interface PetstoreRestClientOptions {
  /** A server's base address including `/v1`, as the document's `servers` list it, e.g. https://api.petstore.example/v1. */
  baseUrl: string;
  /** Sent on every request as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Another fetch, for tests or instrumentation. */
  fetch?: (input: Request) => Promise<Response>;
}

/**
 * A client typed from the published OpenAPI document, exact over the whole int64 range: a bigint
 * is sent as its digits, a number past 2^53 - 1 is refused before sending, and every int64 in an
 * answer is read as a bigint without rounding.
 */
export function createPetstoreRestClient(options: PetstoreRestClientOptions): PetstoreRestClient {
  const client = createClient<PetstorePaths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    bodySerializer: writeExactJson,
    ...(options.fetch && { fetch: options.fetch }),
  });
  client.use(refuseUnsafeParameters);
  return readingExactly(client);
}

/** Int64 path and query parameters checked before sending (openapi-fetch writes a bigint as its digits). */
const refuseUnsafeParameters: Middleware = {
  onRequest({ params }) {
    for (const values of [params.path, params.query]) {
      for (const [name, value] of Object.entries(values ?? {})) refuseUnsafeNumber(name, value);
    }
    return undefined;
  },
};

type Init = ({ parseAs?: string } & Record<string, unknown>) | undefined;
type Result = { data?: unknown; error?: unknown; response: Response };
type Call = (url: string, init?: Init) => Promise<Result>;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/**
 * The client with each call reading its JSON body exactly. openapi-fetch parses JSON with
 * JSON.parse, which rounds an int64 past 2^53 - 1; so each call asks it for the text
 * (`parseAs: 'text'`, its documented option) and the body is parsed here. A caller's own
 * `parseAs` other than 'json' is left as it is.
 */
function readingExactly(client: Client<PetstorePaths>): PetstoreRestClient {
  const calls = client as unknown as Record<(typeof METHODS)[number], Call> & {
    request: (method: string, url: string, init?: Init) => Promise<Result>;
  };
  const exactly = async (init: Init, call: (init: Init) => Promise<Result>): Promise<Result> => {
    if (init?.parseAs !== undefined && init.parseAs !== 'json') return call(init);
    const result = await call({ ...init, parseAs: 'text' });
    if (typeof result.data !== 'string') return result;
    return { ...result, data: result.data === '' ? undefined : readExactJson(result.data) };
  };
  const methods = Object.fromEntries(METHODS.map((method) => [method, (url: string, init: Init) => exactly(init, (i) => calls[method](url, i))]));
  const request = (method: string, url: string, init: Init) => exactly(init, (i) => calls.request(method, url, i));
  return { ...client, ...methods, request } as unknown as PetstoreRestClient;
}
