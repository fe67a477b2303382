import { GraphQLError, OperationTypeNode, type ValidationRule } from 'graphql';
import type { DocumentAnalyses } from '../analysis/document-analyses.js';
import type { GraphqlLimits } from './graphql-limits.js';

/**
 * A validation rule refusing operations deeper, more aliased or larger than the limits, and
 * subscriptions (the service has none), so that nothing runs that should not. Apollo answers its
 * errors with HTTP 400 and `GRAPHQL_VALIDATION_FAILED`: the client's mistake, never a logged error.
 * The sizes come from the document's one analysis, made when its cost was charged.
 */
export function operationLimitsRule(limits: Pick<GraphqlLimits, 'depth' | 'aliases' | 'selections'>, analyses: DocumentAnalyses): ValidationRule {
  return (context) => {
    const { operations } = analyses.ofDocument(context.getDocument());
    return {
      OperationDefinition(node) {
        const operation = operations.get(node.name?.value ?? '');
        if (!operation) return;
        const subject = node.name ? `operation "${node.name.value}"` : 'the operation';
        const refuse = (message: string): void => context.reportError(new GraphQLError(message, { nodes: node }));
        if (operation.type === OperationTypeNode.SUBSCRIPTION)
          refuse(`${subject} is a subscription: this service has no subscriptions, only queries and mutations`);
        const over = (what: string, actual: number, limit: number): void => {
          if (actual > limit) refuse(`${subject} has ${what} ${actual}; at most ${limit} is allowed`);
        };
        over('a depth of', operation.depth, limits.depth);
        over('an alias count of', operation.aliases, limits.aliases);
        over('a field selection count of', operation.selections, limits.selections);
      },
    };
  };
}
