import type { ApolloServer, HTTPGraphQLRequest, HTTPGraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { firstValue, type Envelope, type Exchange, type Handler, type HeaderList, type Query } from '@petstore/http';
import type { DocumentAnalyses } from './analysis/document-analyses.js';
import { graphqlRequestOperations } from './analysis/request-operations.js';
import { graphqlContext, type GraphqlContext } from './context.js';
import { readGraphqlBody } from './graphql-body.js';
import { LANDING_PAGE_CSP } from './landing-page.js';
import { prefersHtml } from './media-type.js';
import type { TrustedDocuments } from './trusted/trusted-documents.js';
import { refusePersistedQueries } from './trusted/persisted-queries-off.js';
import { trustedRequest } from './trusted/trusted-request.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphqlMiddlewareOptions {
  envelope: Envelope;
  maxBatch: number;
  /** The documents' analyses, from which the scopes and the cost are known. */
  analyses: DocumentAnalyses;
  /** Whether a browser GET gets the landing page (the one answer that needs no key). */
  landingPage: boolean;
  /** When set, only these operations run (see trusted-documents.ts). */
  trustedDocuments?: TrustedDocuments | undefined;
}

/**
 * Hands requests for /graphql to Apollo and writes its answer back; other paths fall through.
 * A few lines over `executeHTTPGraphQLRequest` rather than an integration package, so that the
 * envelope's steps run first: the key was checked as the request entered the door; here the body
 * is read under the service's limits and every operation in the request is admitted (its scope,
 * then its cost) before Apollo runs any of them.
 */
export function graphqlMiddleware(server: ApolloServer<GraphqlContext>, options: GraphqlMiddlewareOptions): Handler {
  const { envelope } = options;
  return async (exchange, next) => {
    if (exchange.path !== GRAPHQL_PATH) {
      await next();
      return;
    }
    exchange.routed(GRAPHQL_PATH);
    let body: unknown;
    let parameters = exchange.query();
    if (!isLandingPageRequest(exchange, options.landingPage)) {
      body = await readGraphqlBody(exchange, options.maxBatch);
      if (options.trustedDocuments) ({ body, parameters } = trustedRequest(options.trustedDocuments, body, parameters));
      else refusePersistedQueries(body, parameters);
      // Known from what will run: the registered document when only those run.
      const request =
        exchange.method === 'POST' ? body : { query: firstValue(parameters, 'query'), operationName: firstValue(parameters, 'operationName') };
      await envelope.admit(exchange, graphqlRequestOperations(request, options.analyses));
    }
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: toApolloRequest(exchange, body, parameters),
      context: () => graphqlContext(exchange),
    });
    sendApolloResponse(exchange, response);
  };
}

/** Apollo's own test (a browser asking for HTML on a GET) for serving its landing page, when it is on. */
export function isLandingPageRequest(exchange: Exchange, landingPage: boolean): boolean {
  return landingPage && exchange.method === 'GET' && prefersHtml(exchange.header('accept'));
}

/**
 * The request as Apollo's `executeHTTPGraphQLRequest` takes it. A GET's query string is written
 * from the door's reading of it (rewritten when only trusted documents run), every value of a
 * repeated name included, so Apollo reads what was admitted and refuses a repeated parameter as it
 * would the raw one; a POST's is not read by Apollo, so none is written.
 */
function toApolloRequest(exchange: Exchange, body: unknown, parameters: Query): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  exchange.eachHeader((name, value) => headers.set(name, value));
  return { method: exchange.method, headers, search: exchange.method === 'GET' ? searchOf(parameters) : '', body };
}

/** Query parameters written back as a query string (form encoding, as URLSearchParams writes it but for `%20` for a space). */
function searchOf(parameters: Query): string {
  const pairs: string[] = [];
  for (const name in parameters) {
    const value = parameters[name] ?? [];
    for (const each of typeof value === 'string' ? [value] : value) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(each)}`);
  }
  return pairs.join('&');
}

/** Apollo's answer through the exchange's writer; it is always complete (no incremental delivery is served). */
function sendApolloResponse(exchange: Exchange, response: HTTPGraphQLResponse): void {
  if (response.body.kind !== 'complete') throw new Error('Apollo answered with incremental delivery, which this door does not serve');
  const headers: HeaderList = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  if (response.headers.get('content-type')?.startsWith('text/html')) headers.push('Content-Security-Policy', LANDING_PAGE_CSP);
  exchange.send(response.status ?? 200, headers, response.body.string);
}
