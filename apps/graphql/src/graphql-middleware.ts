import { Readable } from 'node:stream';
import { HeaderMap, type ApolloServer, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import { rateLimitHeaders, requestReport } from '@petstore/http';
import type { Context, Middleware } from 'koa';
import type { GraphqlContext, GraphqlRequestParts } from './context.js';
import { readGraphqlBody } from './graphql-body.js';
import { GraphqlHttpFailure } from './graphql-http-failure.js';
import { LANDING_PAGE_CSP } from './landing-page.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphqlMiddlewareOptions {
  maxBodyBytes: number;
  maxBatch: number;
  /** Builds the resolvers' context; Apollo calls it after CSRF checks and before parsing. */
  context: (request: GraphqlRequestParts) => Promise<GraphqlContext>;
}

/**
 * Hands requests for /graphql to Apollo and writes its answer back; other paths fall through.
 * A few lines over `executeHTTPGraphQLRequest` rather than an integration package, so that the
 * body is read with the service's own size limit and batches are bounded before Apollo runs.
 */
export function graphqlMiddleware(server: ApolloServer<GraphqlContext>, options: GraphqlMiddlewareOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== GRAPHQL_PATH) {
      await next();
      return;
    }
    const report = requestReport(ctx.req);
    report.claim('graphql');
    let body: unknown;
    try {
      body = await readGraphqlBody(ctx, options.maxBodyBytes, options.maxBatch);
    } catch (error) {
      if (error instanceof GraphqlHttpFailure) return error.respond(ctx);
      throw error;
    }
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: toApolloRequest(ctx, body),
      context: () =>
        options.context({
          authorization: ctx.get('Authorization') || undefined,
          // Present but empty is a bad key (400), as on REST, not an absent one.
          idempotencyKey: ctx.request.headers['idempotency-key'] as string | undefined,
          report,
        }),
    });
    // Every authenticated answer tells the caller where it stands; a 429 already says so itself.
    if (report.rateLimit) ctx.set(rateLimitHeaders(report.rateLimit));
    writeApolloResponse(ctx, response);
  };
}

function toApolloRequest(ctx: Context, body: unknown): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return { method: ctx.method.toUpperCase(), headers, search: ctx.querystring, body };
}

function writeApolloResponse(ctx: Context, response: HTTPGraphQLResponse): void {
  ctx.body = response.body.kind === 'complete' ? response.body.string : Readable.from(response.body.asyncIterator);
  ctx.status = response.status ?? 200;
  // Vary is added to, not replaced: the HTTP shell may already vary on Origin.
  for (const [name, value] of response.headers) {
    if (name === 'vary') ctx.vary(value);
    else ctx.set(name, value);
  }
  if (ctx.response.is('html')) ctx.set('Content-Security-Policy', LANDING_PAGE_CSP);
}
