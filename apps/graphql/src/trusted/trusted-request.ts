import { DomainError } from '@petstore/domain';
import { HttpError } from '@petstore/http';
import type { TrustedDocuments } from './trusted-documents.js';

type Operation = Record<string, unknown> & { query?: unknown; extensions?: unknown; documentId?: unknown };

/**
 * One operation of a request as Apollo is to run it: a registered id (GraphQL-over-HTTP's
 * `documentId`, or Apollo's `extensions.persistedQuery.sha256Hash`) becomes its document, a
 * document must be a registered one, anything else is refused with the codes Apollo's own
 * safelisting uses, so Apollo Client's persisted-query link understands the answer (and, on
 * PERSISTED_QUERY_NOT_FOUND, sends the text with the id).
 */
export function trustedOperation(documents: TrustedDocuments, operation: Operation): Operation {
  const given = typeof operation.extensions === 'object' && operation.extensions !== null ? (operation.extensions as Record<string, unknown>) : {};
  const { persistedQuery, ...extensions } = given;
  const { documentId, ...rest } = operation;
  const hash = (persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
  const id = typeof documentId === 'string' ? documentId : typeof hash === 'string' ? hash : undefined;
  if (typeof operation.query === 'string') {
    if (!documents.admits(operation.query, id)) {
      throw new HttpError(400, 'persisted_query_not_in_list', 'only registered operations run here: this document is not one');
    }
    return { ...rest, extensions };
  }
  if (id === undefined) return operation; // Apollo answers a request without a document itself.
  const query = documents.byId(id);
  // The message is the one Apollo Client's persisted-query link looks for.
  if (query === undefined) throw new HttpError(400, 'persisted_query_not_found', 'PersistedQueryNotFound');
  return { ...rest, query, extensions };
}

/** The body (POST) or query string (GET) of a request with every operation made trusted, or a refusal. */
export function trustedRequest(documents: TrustedDocuments, body: unknown, search: string): { body: unknown; search: string } {
  if (Array.isArray(body)) return { body: body.map((operation: Operation) => trustedOperation(documents, operation)), search };
  if (typeof body === 'object' && body !== null) return { body: trustedOperation(documents, body as Operation), search };
  const params = new URLSearchParams(search);
  if (!params.has('query') && !params.has('extensions') && !params.has('documentId')) return { body, search };
  let extensions: unknown;
  try {
    extensions = JSON.parse(params.get('extensions') ?? '{}');
  } catch {
    throw new DomainError('invalid_request', 'extensions: must be JSON');
  }
  const trusted = trustedOperation(documents, {
    ...(params.has('query') && { query: params.get('query') }),
    ...(params.has('documentId') && { documentId: params.get('documentId') }),
    extensions,
  });
  params.delete('documentId');
  if (typeof trusted.query === 'string') params.set('query', trusted.query);
  params.set('extensions', JSON.stringify(trusted.extensions ?? {}));
  return { body, search: params.toString() };
}
