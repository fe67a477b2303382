import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { errorCode } from '@petstore/http';
import { GraphQLError } from 'graphql';
import type { OperationAnalysis } from './analysis/analyse-operation.js';
import type { DocumentAnalyses } from './analysis/document-analyses.js';
import type { GraphqlContext } from './context.js';

/**
 * The door's one Apollo plugin: once Apollo has resolved the operation (after validation, so every
 * name is a real field), it reports the operation by the root fields it selects (`pets`, `addPet`,
 * …) rather than by the client's operation name, so the metric labels stay few and say what was
 * called; and when the request is traced, it runs the operation in a span of its own, named after
 * its type and root fields (`mutation addPet`), failed with the first error's domain code. Both
 * come from the document's one analysis. Apollo clones the context for each operation of a batch,
 * so each keeps its own span there.
 */
export function operationPlugin(analyses: DocumentAnalyses): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart({ contextValue }) {
      // Untraced requests (most) need the report alone: one hook for Apollo to call, not three.
      if (!contextValue.exchange.trace) {
        return {
          async didResolveOperation(request) {
            reportOperation(analyses, request);
          },
        };
      }
      return {
        async didResolveOperation(request) {
          const operation = reportOperation(analyses, request);
          const trace = request.contextValue.exchange.trace;
          if (!operation || !trace) return;
          const label = operation.rootFields.join('+');
          request.contextValue.operationSpan = trace.startOperation(`${operation.type} ${label}`, {
            'graphql.operation.type': operation.type,
            'petstore.operation': label,
            // The catalogue's deprecations say which remaining callers to look for.
            'petstore.deprecated': operation.deprecated || undefined,
          });
        },
        async didEncounterErrors({ errors, contextValue: context }) {
          const [first] = errors;
          if (first) context.operationSpan?.fail(graphqlErrorCode(first));
        },
        async willSendResponse({ contextValue: context }) {
          context.operationSpan?.end();
        },
      };
    },
  };
}

/** Reports the operation by its root fields, from the document's analysis; returns that analysis. */
function reportOperation(
  analyses: DocumentAnalyses,
  { document, operation: resolved, contextValue }: GraphQLRequestContextDidResolveOperation<GraphqlContext>,
): OperationAnalysis | undefined {
  const operation = resolved && analyses.ofDocument(document).operations.get(resolved.name?.value ?? '');
  if (operation) for (const field of operation.rootFields) contextValue.exchange.operation('graphql', field);
  return operation;
}

/**
 * Errors graphql-js raises itself (variables that do not fit the schema) end in a GraphQLError
 * with no original error (Apollo wraps them once more). What a resolver throws is wrapped in a
 * GraphQLError with the field's path, so a domain error (which callDomain made a GraphQLError) is
 * two original errors down.
 */
function graphqlErrorCode(error: GraphQLError): string {
  let cause: unknown = error;
  while (cause instanceof GraphQLError) {
    if (!cause.originalError) return 'invalid_request';
    cause = cause.originalError;
  }
  return errorCode(cause);
}
