import { execute, getVariableValues, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { compiledQueryBytes } from './document-size.js';
import { withGraphqlJsErrors } from './graphql-js-errors.js';

/** One operation to run, as Apollo hands it over once it has parsed and validated the document. */
export interface Execution {
  document: DocumentNode;
  /** The operation Apollo resolved in it; undefined when the request names none it holds. */
  operation: OperationDefinitionNode | undefined;
  /** The operation name the request gave. */
  operationName: string | undefined;
  /** What the compiled query is kept under: the same text gives the same key (Apollo's sha256 of it). */
  documentKey: string;
  variables: Record<string, unknown> | undefined;
  context: unknown;
}

/** Compiled queries are large (about 0.5 MB for the largest document the limits allow): 8 MiB keeps the few dozen documents clients send. */
export const DEFAULT_COMPILED_QUERY_BYTES = 8 * 1024 * 1024;

/**
 * Operations seen once and not compiled yet, by key (Apollo's sha256 of the text and the operation
 * name, about 100 bytes each): 10,000 remember a first sight among as many distinct documents.
 */
export const DEFAULT_SEEN_ONCE = 10_000;

/**
 * Runs operations with graphql-jit (`compileQuery`), each compiled once and kept in a cache
 * bounded by what the compiled queries take (document-size.ts), least recently used out first. graphql-jit words a variable that
 * does not fit the schema its own way, so when the compiled query refuses the variables (it
 * answers errors and no data, having run nothing) they are coerced again by graphql-js's own
 * `getVariableValues` for graphql-js's errors (and so Apollo's BAD_USER_INPUT and 400). Variables
 * that fit are coerced once, by the compiled query, not twice.
 * What graphql-jit cannot compile (a request naming no operation of its document) answers with
 * the errors graphql-jit gives for it, which are graphql-js's (executor.test.ts compares both).
 *
 * An operation is compiled on its second sight, not its first: compiling costs several times what
 * graphql-js's own `execute` takes to run the operation once (docs/graphql-first-sight.md), and is
 * worth it only for the documents clients send again, which are nearly all of them. A stream of
 * documents each sent once (generated queries, or an adversary's) is run by graphql-js, as Apollo
 * runs any document without this executor, and compiles nothing.
 */
export class CompiledQueries {
  private readonly cache: LRUCache<string, CompiledQuery>;
  private readonly seenOnce: LRUCache<string, true>;

  constructor(private readonly schema: GraphQLSchema) {
    this.cache = new LRUCache({ maxSize: DEFAULT_COMPILED_QUERY_BYTES });
    this.seenOnce = new LRUCache({ max: DEFAULT_SEEN_ONCE });
  }

  execute(execution: Execution): ExecutionResult | Promise<ExecutionResult> {
    const { operation, variables } = execution;
    const key = operation && keyOf(execution.documentKey, operation);
    if (key !== undefined && !this.cache.has(key) && !this.seenOnce.has(key)) {
      this.seenOnce.set(key, true);
      return execute({
        schema: this.schema,
        document: execution.document,
        operationName: execution.operationName,
        contextValue: execution.context,
        variableValues: variables,
      });
    }
    const compiled = this.compiled(execution);
    if (!isCompiledQuery(compiled)) return compiled;
    const source = execution.document.loc?.source;
    const result = compiled.query(undefined, execution.context, variables);
    if (isPromise(result)) return result.then((done) => withGraphqlJsErrors(done, source));
    // Variables that did not coerce: the compiled query answers errors and no data before running anything.
    if (result.errors && !('data' in result)) return this.variableErrors(operation, variables) ?? result;
    return withGraphqlJsErrors(result, source);
  }

  /** graphql-js's own errors for variables the compiled query refused (see the class comment). */
  private variableErrors(
    operation: OperationDefinitionNode | undefined,
    variables: Record<string, unknown> | undefined,
  ): ExecutionResult | undefined {
    const coerced = getVariableValues(this.schema, operation?.variableDefinitions ?? [], variables ?? {}, { maxErrors: 50 });
    return coerced.errors && { errors: coerced.errors };
  }

  clear(): void {
    this.cache.clear();
    this.seenOnce.clear();
  }

  private compiled({ document, operation, operationName, documentKey }: Execution): CompiledQuery | ExecutionResult {
    // No operation to run: graphql-jit says why, as graphql-js would.
    if (!operation) return compileQuery(this.schema, document, operationName);
    const key = keyOf(documentKey, operation);
    let compiled = this.cache.get(key);
    if (compiled) return compiled;
    const result = compileQuery(this.schema, document, operation.name?.value);
    if (!isCompiledQuery(result)) return result;
    compiled = result;
    this.cache.set(key, compiled, { size: compiledQueryBytes(document) });
    this.seenOnce.delete(key);
    return compiled;
  }
}

function keyOf(documentKey: string, operation: OperationDefinitionNode): string {
  return `${documentKey}:${operation.name?.value ?? ''}`;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}
