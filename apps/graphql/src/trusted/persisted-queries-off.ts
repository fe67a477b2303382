import { firstValue, HttpError, type Query } from '@petstore/http';

/**
 * Without trusted documents the door keeps no documents by id, so a request carrying Apollo's
 * `extensions.persistedQuery` cannot be run as sent. Apollo itself (`persistedQueries: false`)
 * answers PERSISTED_QUERY_NOT_SUPPORTED with HTTP 200; GraphQL-over-HTTP wants a request that
 * cannot be executed answered 4xx, so the door refuses it with 400 and the same code and message,
 * which Apollo Client's persisted-query link reads in a 400's body as well: it stops hashing and
 * sends the document itself. A `query` sent beside the hash is refused too, as Apollo does, so
 * the link learns it once rather than registering every document.
 */
export function refusePersistedQueries(body: unknown, parameters: Query): void {
  const operations = Array.isArray(body) ? (body as unknown[]) : [body ?? extensionsParameter(parameters)];
  if (operations.some(hasPersistedQuery)) throw new HttpError(400, 'persisted_query_not_supported', 'PersistedQueryNotSupported');
}

function hasPersistedQuery(operation: unknown): boolean {
  const extensions = typeof operation === 'object' && operation !== null ? (operation as { extensions?: unknown }).extensions : undefined;
  return typeof extensions === 'object' && extensions !== null && (extensions as { persistedQuery?: unknown }).persistedQuery !== undefined;
}

/** A GET's operation as far as this check reads it: extensions that are not JSON are Apollo's to refuse. */
function extensionsParameter(parameters: Query): { extensions?: unknown } {
  const text = firstValue(parameters, 'extensions');
  if (text === undefined) return {};
  try {
    return { extensions: JSON.parse(text) as unknown };
  } catch {
    return {};
  }
}
