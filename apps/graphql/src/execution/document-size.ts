import type { DocumentNode, Token } from 'graphql';

/**
 * What a parsed document takes on the heap, from the tokens of its text: graphql-js keeps every
 * token (a linked list reachable from the document's locations) beside a node and a location per
 * syntax element, about 330 bytes a token measured on this schema's documents (memory-bound.test.ts
 * checks the bound), where its JSON (what Apollo's default store counts) is about 60 bytes a token.
 */
const DOCUMENT_BYTES_PER_TOKEN = 400;

/** graphql-jit's compiled query: its generated code and closures, about 250 to 800 bytes a token measured. */
const COMPILED_BYTES_PER_TOKEN = 800;
const COMPILED_FIXED_BYTES = 4096;

export function documentTokens(document: DocumentNode): number {
  let count = 0;
  for (let token: Token | null | undefined = document.loc?.startToken; token; token = token.next) count += 1;
  return count;
}

export function parsedDocumentBytes(document: DocumentNode): number {
  return DOCUMENT_BYTES_PER_TOKEN * Math.max(1, documentTokens(document));
}

/** A compiled query holds its document too (the one Apollo's store holds, while it holds it). */
export function compiledQueryBytes(document: DocumentNode): number {
  return COMPILED_FIXED_BYTES + (COMPILED_BYTES_PER_TOKEN + DOCUMENT_BYTES_PER_TOKEN) * Math.max(1, documentTokens(document));
}
