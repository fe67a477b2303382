import { Long } from 'mongodb';

/**
 * The contract's int64 fields are stored as BSON Long so that other MongoDB clients read them as
 * 64-bit integers, not doubles; in JavaScript they are numbers within the safe-integer range.
 */
export function toLong(value: number): Long {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a safe integer`);
  return Long.fromNumber(value);
}

export function fromLong(value: Long): number {
  const number = value.toNumber();
  if (!Number.isSafeInteger(number)) throw new RangeError('a stored int64 is beyond the safe-integer range');
  return number;
}
