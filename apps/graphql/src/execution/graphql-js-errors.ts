import { GraphQLError, type ExecutionResult, type Source } from 'graphql';

/**
 * graphql-jit's errors inherit graphql-js's GraphQLError prototype but are built by a constructor
 * of their own: they have locations without nodes, and no `extensions` at all when the original
 * error had none, which Apollo's error formatting reads. Each is made again with graphql-js's
 * constructor, its locations given back as positions in the document's source (from which
 * graphql-js computes the same line and column), so Apollo and the formatter see what graphql-js
 * itself would have raised. Only results with errors pay for this.
 */
export function withGraphqlJsErrors(result: ExecutionResult, source: Source | undefined): ExecutionResult {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map((error) => asGraphqlJsError(error, source)) };
}

function asGraphqlJsError(error: GraphQLError, source: Source | undefined): GraphQLError {
  // graphql-js's own (a variable that does not fit, an operation that cannot be chosen) keep their nodes.
  if (error.nodes) return error;
  const positions = source && error.locations?.map(({ line, column }) => offsetOf(source.body, line, column));
  return new GraphQLError(error.message, {
    ...(positions && { source, positions }),
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** The offset of a line and column as graphql-js's getLocation counts them (lines end at \r\n, \n or \r). */
function offsetOf(body: string, line: number, column: number): number {
  const breaks = /\r\n|[\n\r]/g;
  let lineStart = 0;
  for (let current = 1; current < line; current += 1) {
    const found = breaks.exec(body);
    if (!found) break;
    lineStart = found.index + found[0].length;
  }
  return lineStart + column - 1;
}
