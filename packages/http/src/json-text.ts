import { parse, stringify } from 'lossless-json';

/**
 * Number text of 16 characters or more (digits, with a fraction or an exponent or not): the
 * shortest that a double may not hold exactly (2^53 has 16 digits; `1234567890123.0001` has 17
 * digits in two runs and rounds to a whole number); or any number with an exponent, which says
 * in a few characters what a double cannot hold (`1e18` is past 2^53, `1e300` past int64).
 * Bodies without one, nearly all of them, take the native parser; a string that merely looks like
 * one only costs the exact parser's time.
 */
const LONG_NUMBER = /\d[\d.eE+-]{15}|\d[eE]/;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Past this many digits a whole number is far outside int64: no field takes it, exactly or not. */
const MAX_DIGITS = 40;

/**
 * JSON text to a value without rounding any number: a whole number too large for a double's 53
 * bits becomes a bigint, digit for digit, however it is written (`1222941385447312.0` and
 * `9.007199254740993e15` are whole numbers too). A long number that is not whole becomes NaN,
 * which every field refuses, rather than the double nearest to it: `1.00000000000000000001` must
 * not pass for 1. Otherwise the same as JSON.parse (a repeated key keeps its last value).
 */
export function parseJsonText(text: string): unknown {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

function exactNumber(text: string): number | bigint {
  const whole = wholeNumber(text);
  if (whole === undefined) {
    // A whole number of more than MAX_DIGITS digits (`1e300`) is no number any field takes, as a long fraction is not.
    const value = text.replace(/\D/g, '').length > 15 ? Number.NaN : Number(text);
    return Number.isSafeInteger(value) || !Number.isInteger(value) ? value : Number.NaN;
  }
  return whole >= Number.MIN_SAFE_INTEGER && whole <= Number.MAX_SAFE_INTEGER ? Number(whole) : whole;
}

/** The exact value of number text that denotes a whole number of at most MAX_DIGITS digits, else undefined. */
function wholeNumber(text: string): bigint | undefined {
  const [, sign = '', integer = '', fraction = '', exponent = '0'] = NUMBER.exec(text) ?? [];
  const shift = Number(exponent) - fraction.length;
  let digits = (integer + fraction).replace(/^0+(?=\d)/, '');
  if (shift < 0) {
    if (!/^0*$/.test(digits.slice(shift))) return undefined;
    digits = digits.slice(0, shift) || '0';
  } else if (digits !== '0') {
    if (digits.length + shift > MAX_DIGITS) return undefined;
    digits += '0'.repeat(shift);
  }
  return BigInt(`${sign}${digits}`);
}

/** A value to JSON text, bigints as their digits. Values without one take the native writer. */
export function stringifyJson(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    // JSON.stringify throws a TypeError on the first bigint (or a cycle, which stringify rethrows).
    if (!(error instanceof TypeError)) throw error;
    return stringify(value, null, space) ?? 'null';
  }
}
