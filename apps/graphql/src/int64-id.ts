import { int64FromText, type Int64 } from '@petstore/domain';

/**
 * Int64 values cross GraphQL as ID strings so that no client rounds them through a float; the
 * text keeps every digit of the whole int64 range.
 */

/** An int64 becomes its value; anything else goes to the domain as is, so its rule message names the field. */
export function idFromGraphql(text: string): Int64 | string {
  return int64FromText(text);
}

export function idToGraphql(id: Int64): string {
  return String(id);
}
