import type { ApolloServerPlugin } from '@apollo/server';
import { errorCode } from '@petstore/http';
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { GraphqlContext } from './context.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { rootFields } from './operation-report.js';

/**
 * When the request is traced, a span per GraphQL operation (a batch carries several), named after
 * its type and root fields (`mutation addPet`), with the first error's domain code when it fails.
 * Apollo clones the context for each operation of a batch, so each keeps its own span there.
 * The three steps are called from this plugin for what Apollo runs, and by the direct path
 * (direct-execution.ts) for what it runs.
 */
export function operationTracePlugin(): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart({ contextValue }) {
      if (!contextValue.exchange.trace) return;
      return {
        async didResolveOperation({ operation, document, schema, contextValue: context }) {
          if (operation) startOperationSpan(context, operation, document, schema);
        },
        async didEncounterErrors({ errors, contextValue: context }) {
          failOperationSpan(context, errors);
        },
        async willSendResponse({ contextValue: context }) {
          endOperationSpan(context);
        },
      };
    },
  };
}

/** Once the operation is known, and before it runs: its span, when the request is traced. */
export function startOperationSpan(context: GraphqlContext, operation: OperationDefinitionNode, document: DocumentNode, schema: GraphQLSchema): void {
  const trace = context.exchange.trace;
  if (!trace) return;
  const fields = [...rootFields(operation.selectionSet, document)].sort();
  const rootType = schema.getRootType(operation.operation);
  // The schema's @deprecated says which remaining callers to look for.
  const deprecated = fields.some((field) => typeof rootType?.getFields()[field]?.deprecationReason === 'string');
  context.operationSpan = trace.startOperation(`${operation.operation} ${fields.join('+')}`, {
    'graphql.operation.type': operation.operation,
    'petstore.operation': fields.join('+'),
    'petstore.deprecated': deprecated || undefined,
  });
}

/** The operation's errors, before they are formatted: the span records the first one's domain code. */
export function failOperationSpan(context: GraphqlContext, errors: readonly GraphQLError[]): void {
  const [first] = errors;
  if (first) context.operationSpan?.fail(graphqlErrorCode(first));
}

export function endOperationSpan(context: GraphqlContext): void {
  context.operationSpan?.end();
}

/**
 * Errors graphql-js raises itself (variables that do not fit the schema) carry no original error.
 * graphql-js wraps what a resolver throws in a GraphQLError with the field's path, so a domain
 * error (which callDomain made a GraphQLError) is two original errors down.
 */
function graphqlErrorCode(error: GraphQLError): string {
  let cause = error.originalError;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause ? errorCode(cause) : 'invalid_request';
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
