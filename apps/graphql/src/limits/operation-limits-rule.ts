import { GraphQLError, type ValidationRule } from 'graphql';
import type { GraphqlLimits } from './graphql-limits.js';
import { measureSelectionSet } from './measure-operation.js';

/**
 * A validation rule refusing operations deeper, more aliased or larger than the limits, so that
 * the work is bounded before anything executes. Apollo answers its errors with HTTP 400 and
 * `GRAPHQL_VALIDATION_FAILED`.
 */
export function operationLimitsRule(limits: Pick<GraphqlLimits, 'depth' | 'aliases' | 'selections'>): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const size = measureSelectionSet(operation.selectionSet, (name) => context.getFragment(name) ?? undefined);
      const subject = operation.name ? `operation "${operation.name.value}"` : 'the operation';
      const over = (what: string, actual: number, limit: number): void => {
        if (actual > limit) {
          context.reportError(new GraphQLError(`${subject} has ${what} ${actual}; at most ${limit} is allowed`, { nodes: operation }));
        }
      };
      over('a depth of', size.depth, limits.depth);
      over('an alias count of', size.aliases, limits.aliases);
      over('a field selection count of', size.selections, limits.selections);
    },
  });
}
