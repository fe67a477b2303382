import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DomainError } from '@petstore/domain';
import { HttpError } from '@petstore/http';
import { ConfigError } from '@petstore/runtime';

/**
 * The operations this deployment runs when trusted documents are on, by id (the hash a
 * persisted-query link sends) and by the sha256 of their text (for clients that send the text).
 */
export interface TrustedDocuments {
  byId: ReadonlyMap<string, string>;
  hashes: ReadonlySet<string>;
}

const VARIABLE = 'PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Reads a manifest in either common form: Apollo's persisted query manifest
 * (`{"format":"apollo-persisted-query-manifest","operations":[{"id","body"}]}`) or a map from
 * sha256 to document, as graphql-codegen's client preset writes it (persisted-documents.json).
 */
export function loadTrustedDocuments(file: string): TrustedDocuments {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(`${VARIABLE} must name a readable JSON manifest of operations`);
  }
  const entries = isApolloManifest(manifest)
    ? manifest.operations.map((operation): [unknown, unknown] => [operation.id, operation.body])
    : Object.entries(typeof manifest === 'object' && manifest !== null ? manifest : {});
  if (entries.length === 0 || !entries.every(([id, body]) => typeof id === 'string' && typeof body === 'string')) {
    throw new ConfigError(`${VARIABLE} must name a manifest of one or more operations, id to document`);
  }
  const byId = new Map(entries as Array<[string, string]>);
  return { byId, hashes: new Set([...byId.values()].map(sha256)) };
}

function isApolloManifest(manifest: unknown): manifest is { operations: Array<{ id?: unknown; body?: unknown }> } {
  const candidate = manifest as { format?: unknown; operations?: unknown } | null;
  return candidate?.format === 'apollo-persisted-query-manifest' && Array.isArray(candidate.operations);
}

type Operation = Record<string, unknown> & { query?: unknown; extensions?: unknown };

/**
 * One operation of a request as Apollo is to run it: a registered id becomes its document, a
 * document must be a registered one, anything else is refused with the codes Apollo's own
 * safelisting uses, so Apollo Client's persisted-query link understands the answer.
 */
export function trustedOperation(documents: TrustedDocuments, operation: Operation): Operation {
  const given = typeof operation.extensions === 'object' && operation.extensions !== null ? (operation.extensions as Record<string, unknown>) : {};
  const { persistedQuery, ...extensions } = given;
  const id = (persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
  if (typeof operation.query === 'string') {
    if (!documents.hashes.has(sha256(operation.query))) {
      throw new HttpError(400, 'persisted_query_not_in_list', 'only registered operations run here: this document is not one');
    }
    return { ...operation, extensions };
  }
  if (typeof id !== 'string') return operation; // Apollo answers a request without a document itself.
  const query = documents.byId.get(id);
  // The message is the one Apollo Client's persisted-query link looks for.
  if (query === undefined) throw new HttpError(400, 'persisted_query_not_found', 'PersistedQueryNotFound');
  return { ...operation, query, extensions };
}

/** The body (POST) or query string (GET) of a request with every operation made trusted, or a refusal. */
export function trustedRequest(documents: TrustedDocuments, body: unknown, search: string): { body: unknown; search: string } {
  if (Array.isArray(body)) return { body: body.map((operation: Operation) => trustedOperation(documents, operation)), search };
  if (typeof body === 'object' && body !== null) return { body: trustedOperation(documents, body as Operation), search };
  const params = new URLSearchParams(search);
  if (!params.has('query') && !params.has('extensions')) return { body, search };
  let extensions: unknown;
  try {
    extensions = JSON.parse(params.get('extensions') ?? '{}');
  } catch {
    throw new DomainError('invalid_request', 'extensions: must be JSON');
  }
  const trusted = trustedOperation(documents, { ...(params.has('query') && { query: params.get('query') }), extensions });
  if (typeof trusted.query === 'string') params.set('query', trusted.query);
  params.set('extensions', JSON.stringify(trusted.extensions ?? {}));
  return { body, search: params.toString() };
}
