import {
  Kind,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  OperationTypeNode,
  type SelectionSetNode,
} from 'graphql';
import type { RequestOperation } from '@petstore/http';
import { rootFieldOperation } from './root-field-operations.js';

/** What the door needs to know of one operation before it runs: for its scopes and cost, its limits, its report and its trace. */
export interface OperationAnalysis {
  type: OperationTypeNode;
  /** Root fields by their schema names, sorted (`pets`, `addPet`, `__typename`): the metric and span labels. */
  rootFields: readonly string[];
  /**
   * What the envelope admits for it: each root field with its catalogue operation (the scope it
   * needs, its cost), called once per root response key (an alias is its own key). Introspection
   * fields are left out: they need no scope and are free.
   */
  admission: readonly RequestOperation[];
  /** Deepest nesting of fields, fragments included; introspection left to graphql-js's own rule. */
  depth: number;
  /** Aliased fields anywhere in the operation, introspection included. */
  aliases: number;
  /** Fields, counting a fragment once per spread. */
  selections: number;
  /** Whether one of its root fields serves an operation the catalogue deprecates. */
  deprecated: boolean;
}

interface Size {
  depth: number;
  aliases: number;
  selections: number;
}

const NOTHING: Size = { depth: 0, aliases: 0, selections: 0 };

/**
 * Introspection is measured by graphql-js's own MaxIntrospectionDepthRule (part of the specified
 * rules), which bounds its only recursive, list-multiplying paths; counting it here as well would
 * refuse the standard introspection query that tooling sends. Its aliases still count.
 */
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * Everything about an operation in one walk of its selections, fragments expanded, a fragment
 * counting once per spread so that fragments cannot multiply work unseen. Fragment cycles measure
 * as nothing: graphql-js's NoFragmentCyclesRule refuses them in the same validation pass.
 */
export function analyseOperation(
  operation: OperationDefinitionNode,
  getFragment: (name: string) => FragmentDefinitionNode | undefined,
  schema: GraphQLSchema,
): OperationAnalysis {
  const rootFields = new Set<string>();
  // Each root response key with the field it selects (a key selecting two fields fails validation).
  const chargedKeys = new Map<string, string>();
  const allKeys = new Map<string, string>();
  const measured = new Map<string, Size>();
  const inProgress = new Set<string>();

  const walk = (set: SelectionSetNode, atRoot: boolean, inIntrospection: boolean): Size => {
    const total = { ...NOTHING };
    const add = (part: Size, extraDepth: number): void => {
      total.depth = Math.max(total.depth, part.depth + extraDepth);
      total.aliases += part.aliases;
      total.selections += part.selections;
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (atRoot) {
          const key = selection.alias?.value ?? name;
          rootFields.add(name);
          allKeys.set(key, name);
          if (!name.startsWith('__')) chargedKeys.set(key, name);
        }
        const introspection = inIntrospection || INTROSPECTION_ROOTS.has(name);
        const children = selection.selectionSet ? walk(selection.selectionSet, false, introspection) : NOTHING;
        const alias = selection.alias ? 1 : 0;
        if (inIntrospection) add({ depth: 0, aliases: alias + children.aliases, selections: 0 }, 0);
        else if (introspection) add({ depth: 1, aliases: alias + children.aliases, selections: 1 }, 0);
        else add({ depth: children.depth, aliases: alias + children.aliases, selections: 1 + children.selections }, 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        add(walk(selection.selectionSet, atRoot, inIntrospection), 0);
      } else {
        add(walkFragment(selection.name.value, atRoot, inIntrospection), 0);
      }
    }
    return total;
  };

  const walkFragment = (name: string, atRoot: boolean, inIntrospection: boolean): Size => {
    const key = `${name}/${atRoot}/${inIntrospection}`;
    const known = measured.get(key);
    if (known) return known;
    const fragment = getFragment(name);
    if (!fragment || inProgress.has(key)) return NOTHING;
    inProgress.add(key);
    const size = walk(fragment.selectionSet, atRoot, inIntrospection);
    inProgress.delete(key);
    measured.set(key, size);
    return size;
  };

  const size = walk(operation.selectionSet, true, false);
  // The root type's name makes each root field's schema coordinate (`Query.pets`); none for a subscription.
  const rootTypeName = schema.getRootType(operation.operation)?.name ?? '';
  // The service has no subscriptions: one is refused, but charged like any operation, introspection fields included.
  const keys = operation.operation === OperationTypeNode.SUBSCRIPTION ? allKeys : chargedKeys;
  return {
    type: operation.operation,
    rootFields: [...rootFields].sort(),
    admission: admissionOf(rootTypeName, keys),
    ...size,
    deprecated: [...rootFields].some((field) => rootFieldOperation(rootTypeName, field)?.deprecation !== undefined),
  };
}

/** One operation per root field, called once per response key that selects it. */
function admissionOf(rootType: string, keys: ReadonlyMap<string, string>): RequestOperation[] {
  const keysByField = new Map<string, number>();
  for (const field of keys.values()) keysByField.set(field, (keysByField.get(field) ?? 0) + 1);
  return [...keysByField].map(([field, calls]) => ({ name: field, operation: rootFieldOperation(rootType, field), calls }));
}
