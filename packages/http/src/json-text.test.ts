import { describe, expect, it } from 'vitest';
import { parseJsonText, stringifyJson } from './json-text.js';

describe('parseJsonText', () => {
  it('keeps every digit of an integer a double cannot hold, and gives safe ones as numbers', () => {
    expect(parseJsonText('{"a":9223372036854775807,"b":-9223372036854775808,"c":9007199254740991,"d":[9007199254740993]}')).toEqual({
      a: 9223372036854775807n,
      b: -9223372036854775808n,
      c: 9007199254740991,
      d: [9007199254740993n],
    });
  });

  it('reads a long number that is not whole as NaN rather than the double nearest to it', () => {
    expect(parseJsonText('[1.00000000000000000001, 9.2233720368547758075e18, 1234567890123456.5, 1.5]')).toEqual([
      Number.NaN,
      Number.NaN,
      Number.NaN,
      1.5,
    ]);
    // Digits in two runs, none of 16: a double rounds each of these to a whole number.
    expect(parseJsonText('{"categoryId":1234567890123.0001,"limit":1.0000000000000001}')).toEqual({ categoryId: Number.NaN, limit: Number.NaN });
  });

  it('reads a whole number exactly however it is written: with a zero fraction or an exponent', () => {
    expect(
      parseJsonText('[1222941385447312.0, 9.223372036854775807e18, -9223372036854775808.000, 9007199254740993E0, 12345678901234560e-1]'),
    ).toEqual([1222941385447312, 9223372036854775807n, -9223372036854775808n, 9007199254740993n, 1234567890123456]);
  });

  it('reads a short number with an exponent exactly too, and one beyond int64 as NaN, not as a double past 2^53', () => {
    expect(parseJsonText('{"a":1e18,"b":-9.2e18,"c":1e300,"d":1.5e0,"e":2.5e-1,"f":1e2}')).toEqual({
      a: 1000000000000000000n,
      b: -9200000000000000000n,
      c: Number.NaN,
      d: 1.5,
      e: 0.25,
      f: 100,
    });
  });

  it('reads a whole number far beyond int64 as NaN, without building its digits', () => {
    expect(parseJsonText('[1234567890123456e400]')).toEqual([Number.NaN]);
  });

  it('parses like JSON.parse otherwise: strings of digits, a repeated key, __proto__ as a plain key', () => {
    const text = '{"name":"12345678901234567890","x":1,"x":2,"__proto__":{"polluted":true}}';
    const value = parseJsonText(text) as Record<string, unknown>;
    expect(value).toStrictEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('refuses what JSON.parse refuses, on either path', () => {
    for (const text of ['{"a":1,}', '{"a":01}', '[12345678901234567890,]', '{"a":12345678901234567890']) {
      expect(() => parseJsonText(text), text).toThrow();
    }
  });
});

describe('stringifyJson', () => {
  it('writes bigints as their digits and everything else as JSON.stringify does', () => {
    expect(stringifyJson({ a: 2n ** 63n - 1n, b: 'x', c: undefined, d: [1, -(2n ** 63n)] })).toBe(
      '{"a":9223372036854775807,"b":"x","d":[1,-9223372036854775808]}',
    );
    expect(stringifyJson({ a: 1, b: 'x' }, 2)).toBe(JSON.stringify({ a: 1, b: 'x' }, null, 2));
  });
});
