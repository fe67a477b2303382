/** How much work one HTTP request may ask for; every value is a positive integer. */
export interface GraphqlLimits {
  /** Deepest nesting of fields in an operation, fragments included. */
  depth: number;
  /** Aliased fields in an operation: each alias can repeat a whole list query. */
  aliases: number;
  /** Fields in an operation, counting a fragment once per spread. */
  selections: number;
  /** Lexical tokens in a document, enforced by the parser before anything else looks at it. */
  tokens: number;
  /** Operations in one batched request (a JSON array body). */
  batch: number;
}

/**
 * The contract's limits (docs/graphql.md). Only the batch may be lowered, by
 * PETSTORE_GRAPHQL_MAX_BATCH: the others bound what one operation costs whoever deploys it.
 */
export const GRAPHQL_LIMITS: Readonly<GraphqlLimits> = {
  depth: 8,
  aliases: 15,
  selections: 200,
  tokens: 1000,
  batch: 10,
};
