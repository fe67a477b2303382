import { HeaderMap } from '@apollo/server';
import { execute, getOperationAST, getVariableValues, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import type { GraphqlContext } from './context.js';
import { formatErrors, type ErrorsHead, type FormatError } from './format-errors.js';
import { reportOperation } from './operation-report.js';
import { endOperationSpan, failOperationSpan, startOperationSpan } from './operation-trace.js';
import type { ValidatedDocument, ValidatedDocuments } from './validated-documents.js';

/** What the direct path shares with Apollo: the documents Apollo validated, and the one error formatter. */
export interface DirectExecution {
  documents: ValidatedDocuments;
  formatError: FormatError;
}

const JSON_ANSWER = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_ANSWER = 'application/graphql-response+json; charset=utf-8';

/**
 * Accept headers that clients send (none, curl and Apollo Client 3, axios, graphql-request,
 * Apollo Client 4, the GraphQL-over-HTTP spec), with the media type Apollo's negotiation answers
 * each with. Requests with any other Accept are left to Apollo and its negotiator.
 */
const ANSWER_TYPE_BY_ACCEPT: ReadonlyMap<string, string> = new Map([
  ['', JSON_ANSWER],
  ['*/*', JSON_ANSWER],
  ['application/json', JSON_ANSWER],
  ['application/json; charset=utf-8', JSON_ANSWER],
  ['application/json, text/plain, */*', JSON_ANSWER],
  ['application/graphql-response+json', GRAPHQL_RESPONSE_ANSWER],
  ['application/graphql-response+json, application/json', GRAPHQL_RESPONSE_ANSWER],
  ['application/graphql-response+json,application/json;q=0.9', GRAPHQL_RESPONSE_ANSWER],
  ['application/graphql-response+json, application/json;q=0.9', GRAPHQL_RESPONSE_ANSWER],
]);

/** An answer of the direct path: always complete, always JSON. */
export interface DirectAnswer {
  status: number;
  headers: HeaderMap;
  text: string;
}

interface DirectRequest extends ValidatedDocument {
  operation: OperationDefinitionNode;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
}

/**
 * The answer Apollo would give to the POST of one operation whose document Apollo has already validated,
 * without Apollo's request pipeline (the query's sha256, the plugin machinery, the media-type
 * negotiation, the copy of every header). graphql-js runs the document on Apollo's schema, with
 * the context Apollo would be given; the operation is reported and traced at the points Apollo's
 * plugins would do it, and errors are formatted as Apollo formats them. Undefined, having run
 * nothing, for any request whose answer could differ from Apollo's (a batch, another Accept, an
 * unknown document, persisted-query extensions, variables that do not fit): Apollo answers those.
 * The body is the parsed JSON of a POST with `Content-Type: application/json`.
 */
export async function executeDirectly(
  body: unknown,
  accept: string,
  direct: DirectExecution,
  context: () => Promise<GraphqlContext>,
): Promise<DirectAnswer | undefined> {
  const contentType = ANSWER_TYPE_BY_ACCEPT.get(accept);
  const request = contentType === undefined ? undefined : directRequest(body, direct);
  if (contentType === undefined || request === undefined) return undefined;
  const { schema, document, operation } = request;
  let contextValue: GraphqlContext;
  try {
    contextValue = await context();
  } catch {
    return undefined; // Apollo answers a request it cannot make a context for.
  }
  reportOperation(contextValue, operation, document);
  startOperationSpan(contextValue, operation, document, schema);
  const result = await execute({ schema, document, contextValue, variableValues: request.variables, operationName: request.operationName });
  let errors: GraphQLFormattedError[] | undefined;
  let head: ErrorsHead = { status: undefined, headers: new HeaderMap() };
  if (result.errors) {
    failOperationSpan(contextValue, result.errors);
    ({ formatted: errors, head } = formatErrors(result.errors, direct.formatError));
  }
  endOperationSpan(contextValue);
  if (!head.headers.has('content-type')) head.headers.set('content-type', contentType);
  // Apollo's field order and its trailing newline.
  const text = `${JSON.stringify({ errors, data: result.data, extensions: result.extensions })}\n`;
  return { status: head.status ?? 200, headers: head.headers, text };
}

/** The request as Apollo reads a POST body, if Apollo would run it exactly as given. */
function directRequest(body: unknown, direct: DirectExecution): DirectRequest | undefined {
  if (!isRecord(body) || typeof body['query'] !== 'string') return undefined;
  const known = direct.documents.get(body['query']);
  if (known === undefined) return undefined;
  const operationName = body['operationName'] ?? undefined;
  const variables = body['variables'] ?? undefined;
  const extensions = body['extensions'] ?? undefined;
  // Apollo refuses these with a 400 of its own, or reads persisted-query extensions.
  if (operationName !== undefined && typeof operationName !== 'string') return undefined;
  if (variables !== undefined && !isRecord(variables)) return undefined;
  if (extensions !== undefined && (!isRecord(extensions) || 'persistedQuery' in extensions)) return undefined;
  const operation = getOperationAST(known.document, operationName);
  if (!operation) return undefined;
  // Variables that do not fit stop the operation before it runs, an answer Apollo words its own way.
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length > 0 && getVariableValues(known.schema, definitions, variables ?? {}, { maxErrors: 50 }).errors) return undefined;
  return { document: known.document, schema: known.schema, operation, operationName, variables };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
