import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { DoorDeps } from '@petstore/http';
import type { GraphqlContext } from './context.js';
import type { FormatError } from './mask-internal-errors.js';
import type { ResolvedGraphqlOptions } from './graphql-options.js';
import { GRAPHQL_PATH } from './graphql-middleware.js';
import { landingPagePlugin } from './landing-page.js';
import { operationLimitsRule } from './limits/operation-limits-rule.js';
import { operationReportPlugin } from './operation-report.js';
import { operationTracePlugin, withinOperationSpans } from './operation-trace.js';
import { createResolvers } from './resolvers.js';
import { loadSchemaSdl } from './schema.js';

export type GraphqlServerDeps = Pick<DoorDeps, 'pets' | 'logger' | 'publicBaseUrl'>;

/** Apollo configured for this service: hardened, quiet, and never reaching out to Apollo's cloud. */
export function createApolloServer(deps: GraphqlServerDeps, options: ResolvedGraphqlOptions, formatError: FormatError): ApolloServer<GraphqlContext> {
  const { limits } = options;
  return new ApolloServer<GraphqlContext>({
    typeDefs: loadSchemaSdl(),
    resolvers: withinOperationSpans(createResolvers(deps.pets)),
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
    validationRules: [operationLimitsRule(limits)],
    includeStacktraceInErrorResponses: false,
    formatError,
    // Signals belong to runMain's graceful shutdown: Apollo's handlers would stop it and re-raise
    // the signal, ending the process before the requests in flight are answered.
    stopOnTerminationSignals: false,
    plugins: [
      options.landingPage ? landingPagePlugin(`${deps.publicBaseUrl || '<BASE_URL>'}${GRAPHQL_PATH}`) : ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      // Answers are never cached (Cache-Control: no-store); the default plugin wraps every resolver for nothing.
      ApolloServerPluginCacheControlDisabled(),
      operationReportPlugin(),
      operationTracePlugin(),
    ],
  });
}
