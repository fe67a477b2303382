/**
 * Int64 values cross GraphQL as ID strings so that no client rounds them through a float.
 * The domain keeps them as safe integers and refuses anything larger.
 */

export function idToGraphql(id: number): string {
  return String(id);
}
