import { DomainError, int64FromText } from '@petstore/domain';

/**
 * How tRPC carries the contract's int64 (`categoryId`, and `id` in a lookup) in plain JSON with no
 * transformer: a JSON number while the value is a safe integer (|v| < 2^53, so every JSON parser
 * reads it exactly), decimal text beyond. Inputs may also send any int64 as decimal text.
 * `BigInt(value)` gives the exact value from either form.
 */
export type Int64Wire = number | string;

/** An input int64 from its wire form; anything else goes to the domain as is, so its message names the field. */
export function int64FromWire(value: unknown): unknown {
  return typeof value === 'string' ? int64FromText(value) : value;
}

/**
 * A create input with its categoryId read from the wire form, otherwise untouched for the domain
 * to check. The door reads every number from its digits, so a JSON number past 2^53 - 1 arrives
 * exact (a bigint); but a JavaScript client, the one this door is for, has already rounded such a
 * number before sending it, so storing it would keep a value the caller never meant. It is refused
 * with the way to send it exactly.
 */
export function newPetFromWire(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('categoryId' in input)) return input;
  const { categoryId } = input;
  if (typeof categoryId === 'bigint') {
    throw new DomainError(
      'invalid_request',
      `categoryId: ${categoryId} is a JSON number past 2^53 - 1, which a JavaScript client may already have rounded; send it as a decimal string ("${categoryId}")`,
    );
  }
  return { ...input, categoryId: int64FromWire(categoryId) };
}
