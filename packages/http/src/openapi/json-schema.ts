import { INT64_MAX, INT64_MIN } from '@petstore/domain';
import { z } from 'zod';
import { codeOfStatus } from '../error-status.js';

type Json = Record<string, unknown>;

/** Where a document keeps its named schemas, as every `$ref` between them says. */
const SCHEMA_REF = '#/components/schemas/';

/**
 * A schema converted by zod, made a document's: less the keywords a document does not repeat,
 * and with the bounds `format: int64` means written exactly. zod's conversion passes through
 * JSON, where numbers are doubles, so a schema can only say `int64` and the bounds are its range.
 */
function asDocumentSchema(converted: Json): Json {
  const { $schema: _, $id: __, ...schema } = converted;
  return withInt64Bounds(schema) as Json;
}

function withInt64Bounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withInt64Bounds);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withInt64Bounds(value)] as const);
  const schema: Json = Object.fromEntries(entries);
  if (schema['format'] !== 'int64') return schema;
  return { minimum: INT64_MIN, maximum: INT64_MAX, ...schema };
}

/** The domain's schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), whole, for one place in a document. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  return asDocumentSchema(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));
}

/**
 * A document's named schemas, each the domain's schema under its component name; where one
 * holds another of them, it refers to that one's component (`$ref`), as a client's generated
 * types then name it.
 */
export function namedJsonSchemas(named: Readonly<Record<string, z.ZodType>>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `${SCHEMA_REF}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, asDocumentSchema(schema as Json)]));
}

/** The body of a refusal with `status`: an `Error` (a named schema of the document) with the code the HTTP layer sends. */
export function refusalSchema(status: number): Json {
  return {
    type: 'object',
    allOf: [{ $ref: `${SCHEMA_REF}Error` }],
    required: ['code', 'status'],
    properties: { code: { const: codeOfStatus(status) }, status: { const: status } },
  };
}
