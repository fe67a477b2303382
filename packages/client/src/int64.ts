/**
 * The names the OpenAPI document gives its `Int64` values (any int64): `categoryId` in pets and
 * the `petId` path parameter. The client sends these as exact digits and reads them back as
 * bigints; `int64.test.ts` checks the list against the document.
 */
export const INT64_FIELDS = ['categoryId', 'petId'] as const;
export type Int64Field = (typeof INT64_FIELDS)[number];

/**
 * An int64 to send: a bigint (any int64, exactly), or a number that is a safe integer. A number
 * past 2^53 - 1 is refused before anything is sent, since it may already have been rounded.
 */
export type Int64Input = bigint | number;

export function isInt64Field(name: string): name is Int64Field {
  return (INT64_FIELDS as readonly string[]).includes(name);
}

/**
 * Throws for an int64 field given an integer number past 2^53 - 1: JavaScript may already have
 * rounded it (9007199254740993 is 9007199254740992 as a number), so sending it could store
 * another value. Other fields are the service's to check.
 */
export function refuseUnsafeNumber(name: string, value: unknown): void {
  if (!isInt64Field(name) || typeof value !== 'number' || !Number.isInteger(value) || Number.isSafeInteger(value)) return;
  throw new RangeError(
    `${name}: ${BigInt(value)} is a number past 2^53 - 1 (Number.MAX_SAFE_INTEGER), which may already have been rounded, ` +
      'so it was not sent: pass an int64 this large as a bigint (such as 9007199254740993n)',
  );
}
