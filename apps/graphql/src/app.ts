import type Koa from 'koa';
import { createBaseApp, mountDoor, type DoorDeps, type ExchangeState } from '@petstore/http';
import { createApolloServer } from './apollo-server.js';
import { GRAPHQL_PATH, graphqlMiddleware, isLandingPageRequest } from './graphql-middleware.js';
import { resolveGraphqlOptions, type GraphqlOptions } from './graphql-options.js';
import { graphqlProblem } from './graphql-problem.js';
import { maskInternalErrors } from './mask-internal-errors.js';
import { SCHEMA_DOCUMENT_PATH, schemaDocumentRouter } from './schema-document.js';

export type GraphqlDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger' | 'publicBaseUrl'>;

export interface GraphqlDoor {
  /** Stops Apollo once the HTTP server no longer takes requests. */
  stop(): Promise<void>;
}

function mountGraphqlDoor(app: Koa<ExchangeState>, deps: GraphqlDeps, options: GraphqlOptions | undefined) {
  const resolved = resolveGraphqlOptions(options);
  const server = createApolloServer(deps, resolved, maskInternalErrors(deps.logger));
  const schemaDocument = schemaDocumentRouter();
  mountDoor(app, deps, {
    door: 'graphql',
    prefix: GRAPHQL_PATH,
    routes: [
      schemaDocument.routes(),
      schemaDocument.allowedMethods(),
      graphqlMiddleware(server, {
        envelope: deps.envelope,
        maxBatch: resolved.limits.batch,
        maxTokens: resolved.limits.tokens,
        landingPage: resolved.landingPage,
        trustedDocuments: resolved.trustedDocuments,
      }),
    ],
    // The published SDL and, outside production, the landing page a browser gets need no key.
    isPublic: (ctx) => ctx.path === SCHEMA_DOCUMENT_PATH || isLandingPageRequest(ctx, resolved.landingPage),
    problem: graphqlProblem,
  });
  return server;
}

/** Mounts the GraphQL door at /graphql, and its SDL, once Apollo has started; other paths fall through. */
export async function mountGraphql(app: Koa<ExchangeState>, deps: GraphqlDeps, options?: GraphqlOptions): Promise<GraphqlDoor> {
  const server = mountGraphqlDoor(app, deps, options);
  await server.start();
  return { stop: () => server.stop() };
}

/**
 * The GraphQL door alone, as its main.ts runs it. Apollo starts in the background and requests
 * wait for it (a failed start is logged and every request then answers 500).
 */
export function buildGraphqlApp(deps: DoorDeps, options?: GraphqlOptions): Koa<ExchangeState> {
  const app = createBaseApp(deps);
  const server = mountGraphqlDoor(app, deps, options);
  server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
  return app;
}
