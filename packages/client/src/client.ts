import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi.js';

export type PetstoreRestClient = Client<paths>;
export type Pet = components['schemas']['Pet'];
export type NewPet = components['schemas']['NewPet'];
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
 * A client typed from the published OpenAPI document: paths, parameters, bodies and each status's
 * body are checked by the compiler, so `data` is a Pet or Pet[] and `error` the Error of that status.
 */
export function createPetstoreRestClient(options: PetstoreRestClientOptions): PetstoreRestClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch && { fetch: options.fetch }),
  });
}
