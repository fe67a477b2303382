import { HeaderMap } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';

/** Apollo's `formatError` option: the server's one formatter, given to Apollo and to the direct path alike. */
export type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

/** What an operation's errors ask of the HTTP response (their `extensions.http`). */
export interface ErrorsHead {
  status: number | undefined;
  headers: HeaderMap;
}

/**
 * An operation's errors as Apollo formats them, for the direct path (Apollo does not export its
 * `normalizeAndFormatErrors`, which this follows): the code defaults to INTERNAL_SERVER_ERROR,
 * `extensions.http` moves out of the error into the response's status and headers, then the
 * server's formatError runs; one that throws leaves Apollo's "Internal server error". No stack
 * traces: the server never includes them. direct-execution.test.ts compares both paths' answers.
 */
export function formatErrors(errors: readonly GraphQLError[], formatError: FormatError): { formatted: GraphQLFormattedError[]; head: ErrorsHead } {
  const head: ErrorsHead = { status: undefined, headers: new HeaderMap() };
  const formatted = errors.map((error) => {
    try {
      return formatError(normalized(error, head), error);
    } catch {
      return { message: 'Internal server error', extensions: { code: ApolloServerErrorCode.INTERNAL_SERVER_ERROR } };
    }
  });
  return { formatted, head };
}

function normalized(error: GraphQLError, head: ErrorsHead): GraphQLFormattedError {
  const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions['code'] ?? ApolloServerErrorCode.INTERNAL_SERVER_ERROR };
  const http = extensions['http'];
  if (isPartialHead(http)) {
    if (http.status) head.status = http.status;
    for (const [name, value] of http.headers ?? []) head.headers.set(name, value);
    delete extensions['http'];
  }
  return { ...error.toJSON(), extensions };
}

/** Apollo's own test of what counts as an `http` extension. */
function isPartialHead(value: unknown): value is { status?: number; headers?: Map<string, string> } {
  if (typeof value !== 'object' || value === null) return false;
  const head = value as { status?: unknown; headers?: unknown };
  return (!('status' in head) || typeof head.status === 'number') && (!('headers' in head) || head.headers instanceof Map);
}
