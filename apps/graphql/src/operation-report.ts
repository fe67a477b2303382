import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { GraphqlContext } from './context.js';

/**
 * Reports each operation by the root fields it selects (`pets`, `addPet`, …) rather than by the
 * client's operation name: the fields are the schema's, so the metric labels stay few, and they
 * say what was actually called. It runs after validation, so every name is a real field.
 */
export function reportOperation(context: GraphqlContext, operation: OperationDefinitionNode, document: DocumentNode): void {
  for (const field of rootFields(operation.selectionSet, document)) context.exchange.operation('graphql', field);
}

/** reportOperation for the operations Apollo runs. */
export function operationReportPlugin(): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (operation) reportOperation(contextValue, operation, document);
        },
      };
    },
  };
}

export function rootFields(selectionSet: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) seen.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFields(selection.selectionSet, document, seen);
    else {
      const fragment = document.definitions.find(
        (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) rootFields(fragment.selectionSet, document, seen);
    }
  }
  return seen;
}
