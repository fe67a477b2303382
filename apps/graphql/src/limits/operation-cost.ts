import { chosenOperation, type DocumentAnalyses } from '../analysis/document-analyses.js';

/**
 * What a GraphQL request costs against the rate limit, before any of it runs: the cost of the
 * operation each request item selects (one per root response key, see analyse-operation.ts),
 * summed over a batch. A document that does not parse, or names no operation it holds, costs
 * nothing: it will not run, and Apollo answers why.
 */
export function graphqlRequestCost(body: unknown, analyses: DocumentAnalyses): number {
  if (!Array.isArray(body)) return itemCost(body, analyses);
  let cost = 0;
  for (const item of body) cost += itemCost(item, analyses);
  return cost;
}

function itemCost(item: unknown, analyses: DocumentAnalyses): number {
  if (typeof item !== 'object' || item === null) return 0;
  const { query, operationName } = item as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return 0;
  return chosenOperation(analyses.ofText(query), operationName)?.cost ?? 0;
}
