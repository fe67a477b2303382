import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { DoorDeps } from '@petstore/http';
import type { GraphQLSchema } from 'graphql';
import type { DocumentAnalyses } from './analysis/document-analyses.js';
import type { GraphqlContext } from './context.js';
import type { CompiledQueries } from './execution/compiled-queries.js';
import { documentStore } from './execution/document-store.js';
import { jitGateway } from './execution/jit-gateway.js';
import type { ResolvedGraphqlOptions } from './graphql-options.js';
import { GRAPHQL_PATH } from './graphql-middleware.js';
import { landingPagePlugin } from './landing-page.js';
import { operationLimitsRule } from './limits/operation-limits-rule.js';
import { maskInternalErrors } from './mask-internal-errors.js';
import { operationPlugin } from './operation-plugin.js';

export type GraphqlServerDeps = Pick<DoorDeps, 'logger' | 'publicBaseUrl'>;

/** What the door's Apollo runs on: the schema with its resolvers, and the door's caches. */
export interface GraphqlEngine {
  schema: GraphQLSchema;
  sdl: string;
  analyses: DocumentAnalyses;
  compiledQueries: CompiledQueries;
}

/** Apollo configured for this service: hardened, quiet, never reaching out to Apollo's cloud, executing with graphql-jit. */
export function createApolloServer(deps: GraphqlServerDeps, options: ResolvedGraphqlOptions, engine: GraphqlEngine): ApolloServer<GraphqlContext> {
  const { limits } = options;
  return new ApolloServer<GraphqlContext>({
    gateway: jitGateway(engine.schema, engine.sdl, engine.compiledQueries),
    documentStore: documentStore(),
    logger: deps.logger,
    introspection: options.introspection,
    // Without introspection, "did you mean" hints would leak the schema anyway.
    hideSchemaDetailsFromClientErrors: !options.introspection,
    csrfPrevention: true,
    // Batches are bounded by the middleware, before any operation runs.
    allowBatchedHttpRequests: true,
    // Automatic persisted queries would let any client fill a server-side cache; nothing here needs them.
    persistedQueries: false,
    parseOptions: { maxTokens: limits.tokens },
    validationRules: [operationLimitsRule(limits, engine.analyses)],
    includeStacktraceInErrorResponses: false,
    formatError: maskInternalErrors(deps.logger),
    // Signals belong to runMain's graceful shutdown: Apollo's handlers would stop it and re-raise
    // the signal, ending the process before the requests in flight are answered.
    stopOnTerminationSignals: false,
    plugins: [
      options.landingPage ? landingPagePlugin(`${deps.publicBaseUrl || '<BASE_URL>'}${GRAPHQL_PATH}`) : ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      // Answers are never cached (Cache-Control: no-store); the default plugin wraps every resolver for nothing.
      ApolloServerPluginCacheControlDisabled(),
      operationPlugin(engine.analyses),
    ],
  });
}
