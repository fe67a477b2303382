import type { GraphqlContext } from './context.js';
import type { Resolvers } from './generated/resolvers-types.js';

type RootResolver = (root: unknown, args: unknown, context: GraphqlContext, info: unknown) => unknown;

/** Runs every root field's resolver in its operation's span (see operation-plugin.ts), so that the database commands it sends nest under it. */
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
