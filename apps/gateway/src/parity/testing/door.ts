/**
 * The common shape every door's answer is mapped to, so one behaviour can be stated once and
 * checked at all three doors. `kind` is the domain's error code as each door expresses it.
 */
export interface ParityPet {
  id: number;
  name: string;
  /** Decimal text: the one form every door's int64 maps to exactly. */
  categoryId: string;
  status?: string;
}

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'invalid_request' | 'unauthorized' | 'not_found' | 'gone' | 'other'; message: string; detail: string };

/** How a test authenticates: a key, no header at all, or a raw Authorization header value. */
export type Credential = { key: string } | { header: string } | { none: true };

export interface ListInput {
  limit?: unknown;
  status?: unknown;
  after?: unknown;
}

export interface Door {
  name: 'REST' | 'GraphQL' | 'tRPC';
  list(credential: Credential, input: ListInput): Promise<Outcome<ParityPet[]>>;
  create(credential: Credential, input: Record<string, unknown>): Promise<Outcome<ParityPet>>;
  get(credential: Credential, id: number | bigint | string): Promise<Outcome<ParityPet>>;
}

export function authorizationHeader(credential: Credential): Record<string, string> {
  if ('key' in credential) return { Authorization: `Bearer ${credential.key}` };
  if ('header' in credential) return { Authorization: credential.header };
  return {};
}
