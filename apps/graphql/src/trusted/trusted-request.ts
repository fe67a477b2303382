import { DomainError } from '@petstore/domain';
import { firstValue, HttpError, type Query } from '@petstore/http';
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

/**
 * The body (POST) or query parameters (GET) of a request with every operation made trusted, or a
 * refusal. A GET's parameters are read as Apollo reads them (the first value of each) and its
 * document and extensions written once each, the id taken out: what Apollo is given to run.
 */
export function trustedRequest(documents: TrustedDocuments, body: unknown, parameters: Query): { body: unknown; parameters: Query } {
  if (Array.isArray(body)) return { body: body.map((operation: Operation) => trustedOperation(documents, operation)), parameters };
  if (typeof body === 'object' && body !== null) return { body: trustedOperation(documents, body as Operation), parameters };
  const query = firstValue(parameters, 'query');
  const documentId = firstValue(parameters, 'documentId');
  const extensionsText = firstValue(parameters, 'extensions');
  if (query === undefined && extensionsText === undefined && documentId === undefined) return { body, parameters };
  let extensions: unknown;
  try {
    extensions = JSON.parse(extensionsText ?? '{}');
  } catch {
    throw new DomainError('invalid_request', 'extensions: must be JSON');
  }
  const trusted = trustedOperation(documents, { ...(query !== undefined && { query }), ...(documentId !== undefined && { documentId }), extensions });
  const { documentId: _id, ...kept } = parameters;
  return {
    body,
    parameters: { ...kept, ...(typeof trusted.query === 'string' && { query: trusted.query }), extensions: JSON.stringify(trusted.extensions ?? {}) },
  };
}
