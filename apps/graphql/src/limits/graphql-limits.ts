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

export const DEFAULT_GRAPHQL_LIMITS: Readonly<GraphqlLimits> = {
  depth: 8,
  aliases: 15,
  selections: 200,
  tokens: 1000,
  batch: 10,
};

/** Fills in defaults and refuses nonsense early, at start-up, rather than on the first request. */
export function resolveGraphqlLimits(overrides: Partial<GraphqlLimits> = {}): GraphqlLimits {
  const limits = { ...DEFAULT_GRAPHQL_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`GraphQL limit ${name} must be a positive integer, got ${String(value)}`);
    }
  }
  return limits;
}
