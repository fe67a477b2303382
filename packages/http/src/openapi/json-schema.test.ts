import { INT64_MAX, INT64_MIN, Int64Value, PetStatus } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stringifyJson } from '../json-text.js';
import { jsonSchemaOf, namedJsonSchemas, refusalSchema } from './json-schema.js';

describe("a document's schemas from zod", () => {
  it('write the int64 range of `format: int64` digit for digit, which zod, passing through doubles, cannot', () => {
    const schema = jsonSchemaOf(Int64Value, 'input');
    expect(schema).toMatchObject({ type: 'integer', format: 'int64', minimum: INT64_MIN, maximum: INT64_MAX });
    expect(stringifyJson(schema)).toContain('"maximum":9223372036854775807');
    expect(jsonSchemaOf(z.int().min(1).max(5).meta({ format: 'int64' }), 'input')).toMatchObject({ minimum: 1, maximum: 5 });
  });

  it('name each schema once and refer to it from the others, without the keywords a document does not repeat', () => {
    const Holder = z.strictObject({ status: PetStatus, list: z.array(PetStatus).max(3) });
    const schemas = namedJsonSchemas({ PetStatus, Holder }, 'output');
    expect(schemas['PetStatus']).toEqual({ type: 'string', enum: ['available', 'pending', 'sold'], description: "The animal's availability." });
    expect(schemas['Holder']).toMatchObject({
      properties: { status: { $ref: '#/components/schemas/PetStatus' }, list: { items: { $ref: '#/components/schemas/PetStatus' }, maxItems: 3 } },
    });
    for (const schema of Object.values(schemas)) expect(Object.keys(schema)).not.toEqual(expect.arrayContaining(['$schema']));
  });

  it("describe a refusal's body with the code the HTTP layer sends with its status", () => {
    expect(refusalSchema(429)).toEqual({
      type: 'object',
      allOf: [{ $ref: '#/components/schemas/Error' }],
      required: ['code', 'status'],
      properties: { code: { const: 'rate_limited' }, status: { const: 429 } },
    });
    expect(refusalSchema(431)).toMatchObject({ properties: { code: { const: 'headers_too_large' } } });
  });
});
