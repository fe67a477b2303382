import type { ApolloServerPlugin } from '@apollo/server';
import { errorCode } from '@petstore/http';
import type { GraphQLError } from 'graphql';
import type { GraphqlContext } from './context.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { rootFields } from './operation-report.js';

/**
 * When the request is traced, a span per GraphQL operation (a batch carries several), named after
 * its type and root fields (`mutation addPet`), with the first error's domain code when it fails.
 * Apollo clones the context for each operation of a batch, so each keeps its own span there.
 */
export function operationTracePlugin(): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart({ contextValue }) {
      const trace = contextValue.report.trace;
      if (!trace) return;
      return {
        async didResolveOperation({ operation, document, schema, contextValue: context }) {
          if (!operation) return;
          const fields = [...rootFields(operation.selectionSet, document)].sort();
          const rootType = schema.getRootType(operation.operation);
          // The schema's @deprecated says which remaining callers to look for.
          const deprecated = fields.some((field) => typeof rootType?.getFields()[field]?.deprecationReason === 'string');
          context.operationSpan = trace.startOperation(`${operation.operation} ${fields.join('+')}`, {
            'graphql.operation.type': operation.operation,
            'petstore.operation': fields.join('+'),
            'petstore.deprecated': deprecated || undefined,
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

/** Errors graphql-js raises itself (variables that do not fit the schema) carry no original error. */
function graphqlErrorCode(error: GraphQLError): string {
  return error.originalError ? errorCode(error.originalError) : 'invalid_request';
}

type RootResolver = (root: unknown, args: unknown, context: GraphqlContext, info: unknown) => unknown;

/** Runs every root field's resolver in its operation's span, so that the database commands it sends nest under it. */
export function withinOperationSpans(resolvers: Resolvers): Resolvers {
  return { ...resolvers, Query: inOperationSpan(resolvers.Query), Mutation: inOperationSpan(resolvers.Mutation) };
}

function inOperationSpan<T extends object | undefined>(fields: T): T {
  if (!fields) return fields;
  const wrapped = Object.entries(fields as Record<string, RootResolver>).map(([name, resolve]): [string, RootResolver] => [
    name,
    (root, args, context, info) => {
      const span = context.operationSpan;
      return span ? span.within(() => resolve(root, args, context, info)) : resolve(root, args, context, info);
    },
  ]);
  return Object.fromEntries(wrapped) as T;
}
