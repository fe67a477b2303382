import type Koa from 'koa';
import { createBaseApp, requestListener, type DoorDeps } from '@petstore/http';
import type { Service } from '@petstore/runtime';
import { DocumentAnalyses } from './analysis/document-analyses.js';
import { createApolloServer } from './apollo-server.js';
import { CompiledQueries } from './execution/compiled-queries.js';
import { executableSchema } from './execution/executable-schema.js';
import { graphqlMiddleware } from './graphql-middleware.js';
import { resolveGraphqlOptions, type GraphqlOptions } from './graphql-options.js';
import { mountSchemaDocument } from './schema-document.js';

export type GraphqlDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger' | 'publicBaseUrl'>;

/** Apollo's lifetime, which the process runs: started before the server listens, stopped once it no longer takes requests. */
export interface GraphqlDoor {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Mounts the GraphQL door at /graphql, and its SDL; other paths fall through. Nothing starts
 * here: the process starts Apollo (`start()`) before it listens and stops it after.
 */
export function mountGraphql(app: Koa, deps: GraphqlDeps, options?: GraphqlOptions): GraphqlDoor {
  const resolved = resolveGraphqlOptions(options);
  const { schema, sdl } = executableSchema(deps.pets);
  const analyses = new DocumentAnalyses(schema, resolved.limits.tokens);
  const server = createApolloServer(deps, resolved, { schema, sdl, analyses, compiledQueries: new CompiledQueries(schema) });
  mountSchemaDocument(app);
  app.use(
    graphqlMiddleware(server, {
      envelope: deps.envelope,
      logger: deps.logger,
      maxBatch: resolved.limits.batch,
      analyses,
      landingPage: resolved.landingPage,
      trustedDocuments: resolved.trustedDocuments,
    }),
  );
  return { start: () => server.start(), stop: () => server.stop() };
}

/** The GraphQL door alone, as its main.ts runs it. */
export function buildGraphqlApp(deps: GraphqlDeps, options?: GraphqlOptions, ready?: () => Promise<boolean>): Service {
  const app = createBaseApp({ logger: deps.logger, ...(ready && { ready }) });
  const door = mountGraphql(app, deps, options);
  return { listener: requestListener(app), ...door };
}
