/**
 * Int64 values cross GraphQL as ID strings so that no client rounds them through a float.
 * The domain keeps them as safe integers and refuses anything larger.
 */

/** Digits become a number; anything else goes to the domain as is, so its rule message names the field. */
export function idFromGraphql(text: string): number | string {
  return /^\d+$/.test(text) ? Number(text) : text;
}

export function idToGraphql(id: number): string {
  return String(id);
}
