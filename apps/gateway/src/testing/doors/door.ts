/**
 * One client per door, speaking to it from a consumer's side, for the parity and ops suites alike.
 * Every answer carries both readings: the domain's outcome in one shape (`kind` is the domain's
 * error code as each door expresses it, pets have one form), so that one behaviour can be stated
 * once for all three doors; and the exchange as the door made it (status, headers, body, the error
 * code as the door spells it), for what only one door's wire shows.
 */
export type DoorName = 'rest' | 'graphql' | 'trpc';
export const DOOR_NAMES: readonly DoorName[] = ['rest', 'graphql', 'trpc'];

export interface CommonPet {
  id: number;
  name: string;
  /** Decimal text: the one form every door's int64 maps to exactly. */
  categoryId: string;
  status?: string;
}

export interface Page {
  pets: CommonPet[];
  nextCursor: string | undefined;
}

export type ErrorKind = 'invalid_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'gone' | 'other';

export type Outcome<T> = { ok: true; value: T } | { ok: false; kind: ErrorKind; message: string; detail: string };

export interface Exchange {
  status: number;
  headers: Headers;
  /** The body as the door sent it, parsed. */
  body: unknown;
  /** The error's code as the door spells it (`service_unavailable`, `SERVICE_UNAVAILABLE`, …). */
  errorCode: string | undefined;
  /** The id of the pet created or read, or the ids listed, when the call succeeded. */
  ids: number[];
}

export type Answer<T> = Outcome<T> & Exchange;

/** How a test authenticates: a key, no header at all, or a raw Authorization header value. */
export type Credential = { key: string } | { header: string } | { none: true };

export interface ListInput {
  limit?: unknown;
  status?: unknown;
  after?: unknown;
}

/** Sent as is: the suites send wrong input on purpose. */
export type PetInput = Record<string, unknown>;

/** Headers a test adds to the call (Idempotency-Key, traceparent, Origin, X-Forwarded-For, …). */
export type ExtraHeaders = Record<string, string>;

export interface Door {
  name: DoorName;
  /** The list operation that answers a bare array (`listPets`, `pets`, `pets.list`). */
  list(credential: Credential, input: ListInput, headers?: ExtraHeaders): Promise<Answer<CommonPet[]>>;
  /** The list operation that answers a page with its cursor (`listPets`, `petsPage`, `pets.page`). */
  page(credential: Credential, input?: ListInput, headers?: ExtraHeaders): Promise<Answer<Page>>;
  create(credential: Credential, input: PetInput, headers?: ExtraHeaders): Promise<Answer<CommonPet>>;
  get(credential: Credential, id: number | bigint | string, headers?: ExtraHeaders): Promise<Answer<CommonPet>>;
}

export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Content-Type and the like; the credential is added by the test. */
  headers: Record<string, string>;
  body?: string;
}

/**
 * Each door as raw HTTP, for the behaviours of the envelope that a typed client hides: how many
 * operations one request carries, what its body weighs, how a refusal is spelt. Every refusal is
 * reduced to the code REST would put in its Error body, so one behaviour is asserted once.
 */
export interface WireDoor {
  name: DoorName;
  /** The most operations one HTTP request to this door can ask for (REST: one). */
  maxOperations: number;
  /** One request asking for `count` list operations, packed as this door packs them. */
  lists(count: number): WireRequest;
  /** One request creating a pet per name. */
  creates(names: readonly string[]): WireRequest;
  /**
   * One request whose `field` (a create's categoryId, a list's limit, a read's id) is `text`, JSON
   * number text sent digit for digit, where the door carries that field: REST's URL for a limit or
   * an id, JSON everywhere else (REST's body, GraphQL's variables, tRPC's input).
   */
  withNumber(field: NumberField, text: string, name?: string): WireRequest;
  /**
   * Requests that each list pets and create one (named `name`) together, in every way the door
   * can pack them: none at REST (one operation per request).
   */
  mixed(name: string): WireRequest[];
  /** The codes of the errors in an answer, one per failed operation, as REST spells them. */
  errorCodes(body: unknown): Array<string | undefined>;
}

/** The int64 and integer fields a client writes as a number. */
export type NumberField = 'categoryId' | 'limit' | 'id';

export const JSON_TYPE = { 'Content-Type': 'application/json' };

export function authorizationHeader(credential: Credential): Record<string, string> {
  if ('key' in credential) return { Authorization: `Bearer ${credential.key}` };
  if ('header' in credential) return { Authorization: credential.header };
  return {};
}

export type AnswerValue = CommonPet | CommonPet[] | Page;

/** The ids a successful answer carries, for `Exchange.ids`. */
export function idsOf(value: AnswerValue): number[] {
  const pets = Array.isArray(value) ? value : 'pets' in value ? value.pets : [value];
  return pets.map((pet) => pet.id);
}

/** Every id the door lists, walking the pages with the cursor. */
export async function listAll(door: Door, credential: Credential): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await door.page(credential, { limit: 100, ...(after && { after }) });
    if (!page.ok) throw new Error(`listing through ${door.name} answered ${page.status}: ${JSON.stringify(page.body)}`);
    ids.push(...page.ids);
    if (!page.value.nextCursor) return ids;
    after = page.value.nextCursor;
  }
}
