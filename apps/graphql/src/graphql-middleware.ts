import type { ApolloServer, HTTPGraphQLRequest, HTTPGraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { Envelope, Exchange, ExchangeState, HeaderList } from '@petstore/http';
import type { Context, Middleware, ParameterizedContext } from 'koa';
import type { DocumentAnalyses } from './analysis/document-analyses.js';
import { graphqlRequestOperations } from './analysis/request-operations.js';
import { graphqlContext, type GraphqlContext } from './context.js';
import { readGraphqlBody } from './graphql-body.js';
import { LANDING_PAGE_CSP } from './landing-page.js';
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
export function graphqlMiddleware(server: ApolloServer<GraphqlContext>, options: GraphqlMiddlewareOptions): Middleware<ExchangeState> {
  const { envelope } = options;
  return async (ctx, next) => {
    if (ctx.path !== GRAPHQL_PATH) {
      await next();
      return;
    }
    const exchange = ctx.state.exchange;
    exchange.routed(GRAPHQL_PATH);
    let body: unknown;
    let search = ctx.querystring;
    if (!isLandingPageRequest(ctx, options.landingPage)) {
      body = await readGraphqlBody(ctx, envelope, options.maxBatch);
      if (options.trustedDocuments) ({ body, search } = trustedRequest(options.trustedDocuments, body, search));
      else refusePersistedQueries(body, search);
      // Known from what will run: the registered document when only those run.
      const request = ctx.method === 'POST' ? body : Object.fromEntries(new URLSearchParams(search));
      await envelope.admit(exchange, graphqlRequestOperations(request, options.analyses));
    }
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: toApolloRequest(ctx, body, search),
      context: () => graphqlContext(exchange),
    });
    sendApolloResponse(exchange, response);
  };
}

/** Apollo's own test (a browser asking for HTML on a GET) for serving its landing page, when it is on. */
export function isLandingPageRequest(ctx: ParameterizedContext<ExchangeState>, landingPage: boolean): boolean {
  return landingPage && ctx.method === 'GET' && ctx.accepts('application/json', 'application/graphql-response+json', 'text/html') === 'text/html';
}

function toApolloRequest(ctx: Context, body: unknown, search: string): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return { method: ctx.method.toUpperCase(), headers, search, body };
}

/** Apollo's answer through the exchange's writer; it is always complete (no incremental delivery is served). */
function sendApolloResponse(exchange: Exchange, response: HTTPGraphQLResponse): void {
  if (response.body.kind !== 'complete') throw new Error('Apollo answered with incremental delivery, which this door does not serve');
  const headers: HeaderList = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  if (response.headers.get('content-type')?.startsWith('text/html')) headers.push('Content-Security-Policy', LANDING_PAGE_CSP);
  exchange.send(response.status ?? 200, headers, response.body.string);
}
