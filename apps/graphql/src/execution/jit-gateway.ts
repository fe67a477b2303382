import type { GatewayInterface, GatewaySchemaLoadOrUpdateCallback } from '@apollo/server-gateway-interface';
import type { GraphQLSchema } from 'graphql';
import type { CompiledQueries } from './compiled-queries.js';

/**
 * Apollo's documented hook for a custom executor: since Apollo Server 4 dropped `executor`, its
 * migration guide points to the `gateway` option, whose `load()` hands Apollo the schema (through
 * the callback Apollo registered with `onSchemaLoadOrUpdate`) and the executor. Apollo parses,
 * validates, resolves the operation and runs every plugin hook as for any schema; only the
 * execution of a validated operation is graphql-jit's (compiled-queries.ts).
 * https://www.apollographql.com/docs/apollo-server/migration#executor
 */
export function jitGateway(schema: GraphQLSchema, sdl: string, queries: CompiledQueries): GatewayInterface {
  const listeners = new Set<GatewaySchemaLoadOrUpdateCallback>();
  return {
    onSchemaLoadOrUpdate(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async load() {
      for (const listener of listeners) listener({ apiSchema: schema, coreSupergraphSdl: sdl });
      return {
        executor: async (request) =>
          queries.execute({
            document: request.document,
            operation: request.operation,
            operationName: request.request.operationName,
            documentKey: request.queryHash,
            variables: request.request.variables,
            context: request.context,
          }),
      };
    },
    async stop() {
      queries.clear();
    },
  };
}
