import type Koa from 'koa';
import { createBaseApp, type DoorDeps } from '@petstore/http';
import { createApolloServer } from './apollo-server.js';
import { graphqlMiddleware } from './graphql-middleware.js';
import { resolveGraphqlOptions, type GraphqlOptions } from './graphql-options.js';
import { maskInternalErrors } from './mask-internal-errors.js';
import { mountSchemaDocument } from './schema-document.js';
import { ValidatedDocuments } from './validated-documents.js';

export type GraphqlDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger' | 'publicBaseUrl'>;

export interface GraphqlDoor {
  /** Stops Apollo once the HTTP server no longer takes requests. */
  stop(): Promise<void>;
}

function createGraphqlDoor(deps: GraphqlDeps, options: GraphqlOptions | undefined) {
  const resolved = resolveGraphqlOptions(options);
  const direct = { documents: new ValidatedDocuments(), formatError: maskInternalErrors(deps.logger) };
  const server = createApolloServer(deps, resolved, direct);
  const middleware = graphqlMiddleware(server, {
    envelope: deps.envelope,
    logger: deps.logger,
    maxBatch: resolved.limits.batch,
    maxTokens: resolved.limits.tokens,
    landingPage: resolved.landingPage,
    trustedDocuments: resolved.trustedDocuments,
    direct: resolved.apolloOnly ? undefined : direct,
  });
  return { server, middleware };
}

/** Mounts the GraphQL door at /graphql, and its SDL, once Apollo has started; other paths fall through. */
export async function mountGraphql(app: Koa, deps: GraphqlDeps, options?: GraphqlOptions): Promise<GraphqlDoor> {
  const { server, middleware } = createGraphqlDoor(deps, options);
  await server.start();
  mountSchemaDocument(app);
  app.use(middleware);
  return { stop: () => server.stop() };
}

/**
 * The GraphQL door alone, as its main.ts runs it. Apollo starts in the background and requests
 * wait for it (a failed start is logged and every request then answers 500).
 */
export function buildGraphqlApp(deps: GraphqlDeps, options?: GraphqlOptions, ready?: () => Promise<boolean>): Koa {
  const app = createBaseApp({ logger: deps.logger, ...(ready && { ready }) });
  const { server, middleware } = createGraphqlDoor(deps, options);
  server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
  mountSchemaDocument(app);
  app.use(middleware);
  return app;
}
