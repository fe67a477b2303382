import type { DocumentStore } from '@apollo/server';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode } from 'graphql';
import { parsedDocumentBytes } from './document-size.js';

export const DEFAULT_DOCUMENT_STORE_BYTES = 8 * 1024 * 1024;

/**
 * Apollo's cache of parsed and validated documents (its `documentStore` option), bounded by what
 * a parsed document really takes on the heap. Apollo's default store counts a document by its
 * JSON, a fifth of that, so its 30 MiB held some 150 MB of documents under a stream of distinct
 * large ones (issue 23).
 */
export function documentStore(): DocumentStore {
  return new InMemoryLRUCache<DocumentNode>({ maxSize: DEFAULT_DOCUMENT_STORE_BYTES, sizeCalculation: parsedDocumentBytes });
}
