import { Kind, parse, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { BoundedCache } from '../bounded-cache.js';

/**
 * What a GraphQL request costs against the rate limit, before any of it runs: one per root field
 * of the operation each request item selects, aliases included (each alias runs its field again),
 * summed over a batch. Introspection-only fields (`__schema`, `__type`, `__typename`) cost
 * nothing. A document that does not parse, or names no operation it holds, costs nothing: it will
 * not run, and Apollo answers why.
 */
export function graphqlRequestCost(body: unknown, maxTokens: number): number {
  if (!Array.isArray(body)) return itemCost(body, maxTokens);
  let cost = 0;
  for (const item of body) cost += itemCost(item, maxTokens);
  return cost;
}

function itemCost(item: unknown, maxTokens: number): number {
  if (typeof item !== 'object' || item === null) return 0;
  const { query, operationName } = item as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return 0;
  const costs = operationCosts(query, maxTokens);
  if (typeof operationName === 'string' && operationName !== '') return costs.get(operationName) ?? 0;
  return costs.size === 1 ? (costs.values().next().value ?? 0) : 0;
}

/** Root-field counts per operation name ('' for an anonymous one), kept per document text. */
type OperationCosts = ReadonlyMap<string, number>;

const NONE: OperationCosts = new Map();
// Clients send the same few documents over and over; the cache keeps a hot path to a lookup.
const cache = new BoundedCache<string, OperationCosts>(500);

function operationCosts(query: string, maxTokens: number): OperationCosts {
  let costs = cache.get(query);
  if (costs === undefined) {
    costs = countOperations(query, maxTokens);
    cache.set(query, costs);
  }
  return costs;
}

function countOperations(query: string, maxTokens: number): OperationCosts {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens, noLocation: true });
  } catch {
    return NONE;
  }
  const costs = new Map<string, number>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) costs.set(definition.name?.value ?? '', rootFieldCount(definition, document));
  }
  return costs;
}

/** Root fields that run: one per response key (an alias is its own key; repeats of a key merge into one run). */
function rootFieldCount(operation: OperationDefinitionNode, document: DocumentNode): number {
  const keys = new Set<string>();
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) keys.add(selection.alias?.value ?? selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
      } else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = document.definitions.find(
          (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === selection.name.value,
        );
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  return keys.size;
}
