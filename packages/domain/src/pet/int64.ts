/**
 * The contract's int64, exactly, over its whole range. A value is a number while it is a safe
 * integer and a bigint beyond: one value has one form, so values compare with `===` and the
 * common case costs nothing, while 2^63 - 1 keeps every digit.
 */
export type Int64 = number | bigint;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function isInt64(value: unknown): value is Int64 {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX;
}

/** The one form of an int64: a bigint that a number holds exactly becomes that number. */
export function canonicalInt64(value: Int64): Int64 {
  return typeof value === 'bigint' && value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value;
}

const DECIMAL = /^-?\d+$/;

/**
 * Decimal text (a path segment, a GraphQL ID, a tRPC string) to its int64. Text that is not an
 * int64 is handed back unchanged, so that the schema refuses it with the rule of the field it was
 * meant for; `abc`, `1.5` and `9223372036854775808` all stay text.
 */
export function int64FromText(text: string): Int64 | string {
  if (!DECIMAL.test(text)) return text;
  const value = BigInt(text);
  return isInt64(value) ? canonicalInt64(value) : text;
}
