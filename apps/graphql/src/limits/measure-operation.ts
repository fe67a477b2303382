import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

export interface OperationSize {
  depth: number;
  aliases: number;
  selections: number;
}

const NOTHING: OperationSize = { depth: 0, aliases: 0, selections: 0 };

/**
 * Introspection is measured by graphql-js's own MaxIntrospectionDepthRule (part of the specified
 * rules), which bounds its only recursive, list-multiplying paths; counting it here as well would
 * refuse the standard introspection query that tooling sends. Its aliases still count.
 */
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * Measures a selection set with fragments expanded, a fragment counting once per spread so that
 * fragments cannot multiply work unseen. Fragment cycles measure as nothing: graphql-js's
 * NoFragmentCyclesRule refuses them in the same validation pass.
 */
export function measureSelectionSet(
  selectionSet: SelectionSetNode,
  getFragment: (name: string) => FragmentDefinitionNode | undefined,
): OperationSize {
  const measured = new Map<string, OperationSize>();
  const inProgress = new Set<string>();

  const measure = (set: SelectionSetNode, inIntrospection: boolean): OperationSize => {
    const total = { ...NOTHING };
    const add = (part: OperationSize, extraDepth: number): void => {
      total.depth = Math.max(total.depth, part.depth + extraDepth);
      total.aliases += part.aliases;
      total.selections += part.selections;
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const introspection = inIntrospection || INTROSPECTION_ROOTS.has(selection.name.value);
        const children = selection.selectionSet ? measure(selection.selectionSet, introspection) : NOTHING;
        const alias = selection.alias ? 1 : 0;
        if (inIntrospection) add({ depth: 0, aliases: alias + children.aliases, selections: 0 }, 0);
        else if (introspection) add({ depth: 1, aliases: alias + children.aliases, selections: 1 }, 0);
        else add({ depth: children.depth, aliases: alias + children.aliases, selections: 1 + children.selections }, 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        add(measure(selection.selectionSet, inIntrospection), 0);
      } else {
        add(measureFragment(selection.name.value, inIntrospection), 0);
      }
    }
    return total;
  };

  const measureFragment = (name: string, inIntrospection: boolean): OperationSize => {
    const key = `${name}/${inIntrospection}`;
    const known = measured.get(key);
    if (known) return known;
    const fragment = getFragment(name);
    if (!fragment || inProgress.has(key)) return NOTHING;
    inProgress.add(key);
    const size = measure(fragment.selectionSet, inIntrospection);
    inProgress.delete(key);
    measured.set(key, size);
    return size;
  };

  return measure(selectionSet, false);
}
