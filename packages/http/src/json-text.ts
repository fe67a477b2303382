import { parse, stringify } from 'lossless-json';

/**
 * A run of 16 digits: the shortest number text that a double may not hold exactly (2^53 has 16
 * digits). Bodies without one, nearly all of them, take the native parser.
 */
const LONG_NUMBER = /\d{16}/;
const INTEGER = /^-?\d+$/;

/**
 * JSON text to a value without rounding any number: an integer literal too large for a double's
 * 53 bits becomes a bigint, digit for digit. A long number with a fraction or an exponent becomes
 * NaN, which every field refuses, rather than the double nearest to it: `1.00000000000000000001`
 * must not pass for 1. Otherwise the same as JSON.parse (a repeated key keeps its last value).
 */
export function parseJsonText(text: string): unknown {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

function exactNumber(text: string): number | bigint {
  if (!INTEGER.test(text)) return text.replace(/\D/g, '').length > 15 ? Number.NaN : Number(text);
  const value = BigInt(text);
  return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value;
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
