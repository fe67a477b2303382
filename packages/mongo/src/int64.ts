import { canonicalInt64, isInt64, type Int64 } from '@petstore/domain';
import { Long } from 'mongodb';

/**
 * The contract's int64 fields are stored as BSON Long so that other MongoDB clients read them as
 * 64-bit integers, not doubles. In JavaScript they are the domain's Int64: a number while safe,
 * a bigint beyond.
 */
export function toLong(value: Int64): Long {
  if (!isInt64(value)) throw new RangeError(`${String(value)} is not an int64`);
  return typeof value === 'bigint' ? Long.fromBigInt(value) : Long.fromNumber(value);
}

export function fromLong(value: Long): Int64 {
  // bson's toBigInt goes through the decimal text (Long divisions): about 10 µs for the 40 Longs of
  // a list of 20 pets, against 0.5 µs this way. toNumber is exact while the value is a safe integer,
  // and a value beyond that range never rounds into it, so only a large value pays for the bigint.
  const number = value.toNumber();
  return Number.isSafeInteger(number) ? number : canonicalInt64(value.toBigInt());
}

/** Ids (of pets, id blocks) are assigned within the safe-integer range. */
export function idFromLong(value: Long): number {
  const id = fromLong(value);
  if (typeof id !== 'number') throw new RangeError('a stored id is beyond the safe-integer range');
  return id;
}
