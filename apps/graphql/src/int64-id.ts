import type { Int64 } from '@petstore/domain';

/**
 * Int64 values cross GraphQL as ID strings so that no client rounds them through a float; the
 * text keeps every digit of the whole int64 range.
 */

export function idToGraphql(id: Int64): string {
  return String(id);
}
