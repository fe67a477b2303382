import { isLosslessNumber, parse, stringify } from 'lossless-json';
import { isInt64Field, refuseUnsafeNumber } from './int64.js';

/**
 * A request body as JSON with every bigint written as its exact digits (JSON.stringify throws on
 * one). An int64 field given a number that may already have been rounded is refused, naming it.
 */
export function writeExactJson(body: unknown): string | undefined {
  return stringify(body, (name, value) => {
    refuseUnsafeNumber(name, value);
    return value;
  });
}

/**
 * A response body from JSON without rounding: each int64 field (INT64_FIELDS) becomes a bigint,
 * however large, and every other number a number, as JSON.parse gives it.
 */
export function readExactJson(text: string): unknown {
  return parse(text, (name, value) => {
    if (!isLosslessNumber(value)) return value;
    return isInt64Field(name) ? BigInt(value.value) : Number(value.value);
  });
}
