import type { RequestOperation } from '@petstore/http';
import { chosenOperation, type DocumentAnalyses } from './document-analyses.js';

/**
 * What a GraphQL request asks the envelope to admit before any of it runs, from the one analysis
 * of each document: the root fields of the operation each request item selects, with their
 * catalogue operations, called once per root response key (see analyse-operation.ts), over a whole batch. The other
 * operations of a document are admitted too, at no cost: a document (or a batch) holding any
 * operation its key may not make is refused whole, whichever operation it names. A document that
 * does not parse, or names no operation it holds, asks for nothing: it will not run, and Apollo
 * answers why.
 */
export function graphqlRequestOperations(body: unknown, analyses: DocumentAnalyses): RequestOperation[] {
  const operations: RequestOperation[] = [];
  for (const item of Array.isArray(body) ? body : [body]) addItem(operations, item, analyses);
  return operations;
}

function addItem(operations: RequestOperation[], item: unknown, analyses: DocumentAnalyses): void {
  if (typeof item !== 'object' || item === null) return;
  const { query, operationName } = item as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return;
  const analysis = analyses.ofText(query);
  const chosen = chosenOperation(analysis, operationName);
  if (chosen === undefined) return;
  for (const operation of analysis.operations.values()) {
    if (operation === chosen) operations.push(...operation.admission);
    else for (const field of operation.admission) operations.push({ ...field, calls: 0 });
  }
}
