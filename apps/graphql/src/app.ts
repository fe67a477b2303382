import type { DoorDeps, HttpApp } from '@petstore/http';
import type { DoorMount } from '@petstore/runtime';
import { DocumentAnalyses } from './analysis/document-analyses.js';
import { createApolloServer } from './apollo-server.js';
import { CompiledQueries } from './execution/compiled-queries.js';
import { executableSchema } from './execution/executable-schema.js';
import { GRAPHQL_PATH, graphqlMiddleware, isLandingPageRequest } from './graphql-middleware.js';
import { graphqlOptionsFromConfig, resolveGraphqlOptions, type GraphqlOptions } from './graphql-options.js';
import { graphqlProblem } from './graphql-problem.js';
import { SCHEMA_DOCUMENT_PATH, schemaDocumentRoutes } from './schema-document.js';

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
export function mountGraphql(app: HttpApp, deps: GraphqlDeps, options?: GraphqlOptions): GraphqlDoor {
  const resolved = resolveGraphqlOptions(options);
  const { schema, sdl } = executableSchema(deps.pets);
  const analyses = new DocumentAnalyses(schema, resolved.limits.tokens);
  const server = createApolloServer(deps, resolved, { schema, sdl, analyses, compiledQueries: new CompiledQueries(schema) });
  app.mount(deps, {
    door: 'graphql',
    prefix: GRAPHQL_PATH,
    routes: graphqlMiddleware(server, {
      envelope: deps.envelope,
      maxBatch: resolved.limits.batch,
      analyses,
      landingPage: resolved.landingPage,
      trustedDocuments: resolved.trustedDocuments,
    }),
    // The published SDL and, outside production, the landing page a browser gets need no key.
    // Without regard to case for the SDL, as @koa/router matches its route.
    isPublic: (exchange) => exchange.path.toLowerCase() === SCHEMA_DOCUMENT_PATH || isLandingPageRequest(exchange, resolved.landingPage),
    problem: graphqlProblem,
  });
  // Reached only through the door above (its key check, when the path needs one), whose requests
  // (nearly all) never meet this router; a method the SDL lacks is refused in the contract's Error
  // body, as for every published document.
  app.mount(deps, { door: 'graphql', prefix: SCHEMA_DOCUMENT_PATH, routes: schemaDocumentRoutes(), isPublic: () => true });
  return { start: () => server.start(), stop: () => server.stop() };
}

/** The GraphQL door as the gateway mounts it (composeDoors): its options from the service configuration. */
export const mountGraphqlFromConfig: DoorMount = (app, runtime) => mountGraphql(app, runtime, graphqlOptionsFromConfig(runtime.config));
