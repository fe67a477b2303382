import { z } from 'zod';

type Json = Record<string, unknown>;

/** The domain's schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), less the keyword a document does not repeat. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}
