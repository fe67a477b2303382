import { Readable } from 'node:stream';
import { HeaderMap, type ApolloServer, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import { idempotencyKeyOf, requestReport, writeProblem, type AuthState, type Envelope } from '@petstore/http';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { DocumentAnalyses } from './analysis/document-analyses.js';
import { graphqlContext, type GraphqlContext } from './context.js';
import { readGraphqlBody } from './graphql-body.js';
import { graphqlProblemBody } from './graphql-problem.js';
import { LANDING_PAGE_CSP } from './landing-page.js';
import { graphqlRequestCost } from './limits/operation-cost.js';
import type { TrustedDocuments } from './trusted/trusted-documents.js';
import { trustedRequest } from './trusted/trusted-request.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphqlMiddlewareOptions {
  envelope: Envelope;
  logger: Logger;
  maxBatch: number;
  /** The documents' analyses, from which the cost is counted. */
  analyses: DocumentAnalyses;
  /** Whether a browser GET gets the landing page (the one answer that needs no key). */
  landingPage: boolean;
  /** When set, only these operations run (see trusted-documents.ts). */
  trustedDocuments?: TrustedDocuments | undefined;
}

/**
 * Hands requests for /graphql to Apollo and writes its answer back; other paths fall through.
 * A few lines over `executeHTTPGraphQLRequest` rather than an integration package, so that the
 * envelope's steps run first: the key check, the body under the service's limits, and the cost
 * of every operation in the request, charged before Apollo runs any of them.
 */
export function graphqlMiddleware(server: ApolloServer<GraphqlContext>, options: GraphqlMiddlewareOptions): Middleware {
  const { envelope, logger } = options;
  return async (ctx, next) => {
    if (ctx.path !== GRAPHQL_PATH) {
      await next();
      return;
    }
    const report = requestReport(ctx.req);
    report.claim('graphql', GRAPHQL_PATH);
    let body: unknown;
    let search = ctx.querystring;
    try {
      if (!(options.landingPage && wantsLandingPage(ctx))) {
        await envelope.checkKey(ctx);
        body = await readGraphqlBody(ctx, envelope, options.maxBatch);
        if (options.trustedDocuments) ({ body, search } = trustedRequest(options.trustedDocuments, body, search));
        // Counted from what will run: the registered document when only those run.
        const operations = ctx.method === 'POST' ? body : Object.fromEntries(new URLSearchParams(search));
        await envelope.charge(ctx, graphqlRequestCost(operations, options.analyses));
      }
    } catch (error) {
      await envelope.showStanding(ctx);
      return writeProblem(ctx, error, logger, graphqlProblemBody);
    }
    const principal = (ctx.state as Partial<AuthState>).principal;
    const context = () => graphqlContext(principal, idempotencyKeyOf(ctx.req), report);
    const response = await server.executeHTTPGraphQLRequest({ httpGraphQLRequest: toApolloRequest(ctx, body, search), context });
    writeApolloResponse(ctx, response);
  };
}

/** Apollo's own test (a browser asking for HTML on a GET) for serving its landing page. */
function wantsLandingPage(ctx: Context): boolean {
  return ctx.method === 'GET' && ctx.accepts('application/json', 'application/graphql-response+json', 'text/html') === 'text/html';
}

function toApolloRequest(ctx: Context, body: unknown, search: string): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return { method: ctx.method.toUpperCase(), headers, search, body };
}

function writeApolloResponse(ctx: Context, response: HTTPGraphQLResponse): void {
  ctx.body = response.body.kind === 'complete' ? response.body.string : Readable.from(response.body.asyncIterator);
  ctx.status = response.status ?? 200;
  setAnswerHeaders(ctx, response.headers);
  if (ctx.response.is('html')) ctx.set('Content-Security-Policy', LANDING_PAGE_CSP);
}

function setAnswerHeaders(ctx: Context, headers: HeaderMap): void {
  // Vary is added to, not replaced: the HTTP shell may already vary on Origin.
  for (const [name, value] of headers) {
    if (name === 'vary') ctx.vary(value);
    else ctx.set(name, value);
  }
}
