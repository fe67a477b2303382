import { int64FromText } from '@petstore/domain';

/**
 * How tRPC carries the contract's int64 (`categoryId`, and `id` in a lookup) in plain JSON with no
 * transformer: a JSON number while the value is a safe integer (|v| < 2^53, so every JSON parser
 * reads it exactly), decimal text beyond. Inputs may also send any int64 as decimal text.
 * `BigInt(value)` gives the exact value from either form.
 */
export type Int64Wire = number | string;

/**
 * An input int64 from its wire form; anything else goes to the domain as is, so its message names
 * the field. The door reads every number from its digits, so a JSON number past 2^53 - 1 arrives
 * exact, as a bigint; but a JavaScript client, the one this door is for, has already rounded such a
 * number before sending it, so it goes to the domain as the number it was, which the domain refuses
 * with the way to send it exactly (as text), after the checks that come first (a sunset).
 */
export function int64FromWire(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'string' ? int64FromText(value) : value;
}

/** A create input with its categoryId read from the wire form, otherwise untouched for the domain to check. */
export function newPetFromWire(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('categoryId' in input)) return input;
  return { ...input, categoryId: int64FromWire(input.categoryId) };
}
