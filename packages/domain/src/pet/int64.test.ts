import { describe, expect, it } from 'vitest';
import { canonicalInt64, int64FromText, isInt64 } from './int64.js';

describe('int64FromText', () => {
  it.each([
    ['0', 0],
    ['-5', -5],
    ['007', 7],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', 9007199254740992n],
    ['9223372036854775807', 9223372036854775807n],
    ['-9223372036854775808', -9223372036854775808n],
  ])('reads %j exactly', (text, value) => {
    expect(int64FromText(text)).toBe(value);
  });

  it.each(['abc', '1.5', '', '-', '+5', ' 5', '1e3', '9223372036854775808', '-9223372036854775809'])('hands %j back as text', (text) => {
    expect(int64FromText(text)).toBe(text);
  });
});

describe('isInt64 and canonicalInt64', () => {
  it('accept safe integers and bigints in range, and nothing else', () => {
    expect([0, -1, 2 ** 53 - 1, 2n ** 63n - 1n, -(2n ** 63n)].every(isInt64)).toBe(true);
    expect([2 ** 53, 1.5, Number.NaN, 2n ** 63n, '1', null].some(isInt64)).toBe(false);
  });

  it('give a bigint that a number holds exactly as that number', () => {
    expect(canonicalInt64(42n)).toBe(42);
    expect(canonicalInt64(-(2n ** 53n) + 1n)).toBe(-(2 ** 53) + 1);
    expect(canonicalInt64(2n ** 53n)).toBe(2n ** 53n);
  });
});
