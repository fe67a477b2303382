import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { analyseOperation, type OperationAnalysis } from './analyse-operation.js';

/** A document's operations by name ('' for the anonymous one); empty when the text does not parse. */
export interface DocumentAnalysis {
  operations: ReadonlyMap<string, OperationAnalysis>;
}

const UNPARSABLE: DocumentAnalysis = { operations: new Map() };

/**
 * What an entry holds beside its key (the document text, counted at two bytes a character, as V8
 * may store it): the map entry and the analysis of each operation with its root-field names.
 * Measured in memory-bound.test.ts.
 */
const ENTRY_BYTES = 200;
const OPERATION_BYTES = 400;

/** 4 MiB: some thousands of the documents clients send (a few hundred bytes each). */
export const DEFAULT_ANALYSIS_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The one analysis of each document text, made in one walk (analyse-operation.ts) and kept in one
 * cache bounded by what it holds, least recently used out first. The cost is charged from it
 * before Apollo runs, the limits rule and the operation plugin read it again by the document's
 * text, so a document seen before is neither parsed nor walked again by the door (Apollo keeps
 * its parsed form in its own document store, see document-store.ts).
 */
export class DocumentAnalyses {
  private readonly cache: LRUCache<string, DocumentAnalysis>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly maxTokens: number,
  ) {
    this.cache = new LRUCache({
      maxSize: DEFAULT_ANALYSIS_CACHE_BYTES,
      sizeCalculation: (analysis, text) => ENTRY_BYTES + 2 * text.length + OPERATION_BYTES * analysis.operations.size,
    });
  }

  /** The analysis of a text as a client sent it, under the parser's token bound; empty when it does not parse. */
  ofText(text: string): DocumentAnalysis {
    let analysis = this.cache.get(text);
    if (analysis === undefined) {
      analysis = this.parsed(text);
      this.cache.set(text, analysis);
    }
    return analysis;
  }

  /** The analysis of a document Apollo parsed, found by its text; analysed anew only if it has left the cache since. */
  ofDocument(document: DocumentNode): DocumentAnalysis {
    const text = document.loc?.source.body;
    const known = text === undefined ? undefined : this.cache.get(text);
    if (known) return known;
    const analysis = this.analyse(document);
    if (text !== undefined) this.cache.set(text, analysis);
    return analysis;
  }

  private parsed(text: string): DocumentAnalysis {
    try {
      return this.analyse(parse(text, { maxTokens: this.maxTokens, noLocation: true }));
    } catch {
      return UNPARSABLE;
    }
  }

  private analyse(document: DocumentNode): DocumentAnalysis {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const operations = new Map<string, OperationAnalysis>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION) {
        operations.set(
          definition.name?.value ?? '',
          analyseOperation(definition, (name) => fragments.get(name), this.schema),
        );
      }
    }
    return { operations };
  }
}

/** The operation a request runs: the one it names, or the document's only one (as graphql-js chooses). */
export function chosenOperation(analysis: DocumentAnalysis, operationName: unknown): OperationAnalysis | undefined {
  if (typeof operationName === 'string' && operationName !== '') return analysis.operations.get(operationName);
  return analysis.operations.size === 1 ? analysis.operations.values().next().value : undefined;
}
