/**
 * Strings in code-unit order, as MongoDB compares them under its default (simple) collation.
 * `localeCompare` puts `o` before `Z` where MongoDB puts `Z` first, so a list sorted with it
 * disagreed with the same list read from MongoDB whenever two records shared an instant.
 */
export function byCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Oldest first, then by `tiebreak` in code-unit order: what a MongoDB sort on `{ createdAt: 1, _id: 1 }` lists. */
export function oldestFirst<T extends { createdAt: Date }>(tiebreak: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byCodeUnits(tiebreak(a), tiebreak(b));
}
