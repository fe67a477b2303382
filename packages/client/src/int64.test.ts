import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { INT64_FIELDS, refuseUnsafeNumber } from './int64.js';

const INT64_REF = '#/components/schemas/Int64';

/** Every property and parameter name the document gives an `Int64` schema. */
function int64Names(node: unknown, names = new Set<string>()): Set<string> {
  if (typeof node !== 'object' || node === null) return names;
  const record = node as Record<string, unknown>;
  const schema = record['schema'] as { $ref?: unknown } | undefined;
  if (typeof record['name'] === 'string' && schema?.$ref === INT64_REF) names.add(record['name']);
  const properties = record['properties'];
  if (typeof properties === 'object' && properties !== null) {
    for (const [name, property] of Object.entries(properties)) if ((property as { $ref?: unknown }).$ref === INT64_REF) names.add(name);
  }
  for (const child of Object.values(record)) int64Names(child, names);
  return names;
}

describe('INT64_FIELDS', () => {
  it('names exactly the fields and parameters the published document types as Int64', async () => {
    // The document `pnpm codegen` reads (see codegen.test.ts).
    const document: unknown = JSON.parse(await readFile(new URL('../../../apps/rest/openapi/openapi.json', import.meta.url), 'utf8'));
    expect([...int64Names(document)].sort()).toEqual([...INT64_FIELDS].sort());
  });
});

describe('refuseUnsafeNumber', () => {
  it('lets through bigints, safe integers and what is no integer at all', () => {
    for (const value of [2n ** 63n - 1n, 9007199254740991, -9007199254740991, 0, 1.5, 'x', undefined]) {
      expect(() => refuseUnsafeNumber('categoryId', value), String(value)).not.toThrow();
    }
  });

  it('leaves fields that are no int64 to the service', () => {
    expect(() => refuseUnsafeNumber('limit', 2 ** 60)).not.toThrow();
  });

  it('refuses an integer number past 2^53 - 1, naming the field and the bigint to send instead', () => {
    for (const value of [2 ** 53, 2 ** 60, -(2 ** 60), 2 ** 63]) {
      expect(() => refuseUnsafeNumber('petId', value), String(value)).toThrow(
        new RangeError(
          `petId: ${BigInt(value)} is a number past 2^53 - 1 (Number.MAX_SAFE_INTEGER), which may already have been rounded, ` +
            'so it was not sent: pass an int64 this large as a bigint (such as 9007199254740993n)',
        ),
      );
    }
  });
});
