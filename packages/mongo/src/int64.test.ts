import { INT64_MAX, INT64_MIN } from '@petstore/domain';
import { Long } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { fromLong, idFromLong, toLong } from './int64.js';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

describe('fromLong', () => {
  it('gives a number for every safe integer, the edges of the safe range included', () => {
    for (const value of [0, 1, -1, 42, 2 ** 32, -(2 ** 32) - 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(fromLong(Long.fromNumber(value))).toBe(value);
    }
  });

  it('gives the exact bigint beyond the safe range, however close to it', () => {
    for (const value of [SAFE + 1n, SAFE + 2n, SAFE + 3n, -SAFE - 1n, -SAFE - 2n, 2n ** 62n + 1n, INT64_MAX, INT64_MIN]) {
      expect(fromLong(Long.fromBigInt(value))).toBe(value);
    }
  });

  it('reads back what toLong stored', () => {
    for (const value of [7, Number.MAX_SAFE_INTEGER, SAFE + 1n, INT64_MIN]) expect(fromLong(toLong(value))).toBe(value);
    expect(idFromLong(toLong(123))).toBe(123);
    expect(() => idFromLong(toLong(INT64_MAX))).toThrow(RangeError);
  });
});
