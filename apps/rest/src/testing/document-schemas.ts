import { Ajv2020 } from 'ajv/dist/2020.js';
import { stringifyJson } from '@petstore/http';
import { loadOpenApiDocument } from '../openapi/openapi-document.js';

type Json = Record<string, unknown>;

/** The repository document, typed loosely for tests that walk it; the int64 bounds are bigints. */
export const doc = loadOpenApiDocument() as unknown as Json & {
  paths: Record<string, Record<string, Json & { parameters?: Json[]; responses: Record<string, Json> }>>;
  components: Record<string, Record<string, Json>>;
};

/** Follows one local `$ref` (`#/components/...`), or returns the value itself. */
export function deref<T = Json>(value: unknown): T {
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return value as T;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
  if (target === undefined) throw new Error(`unresolved ${ref}`);
  return deref<T>(target);
}

/**
 * A JSON Schema 2020-12 validator that knows the document's components, so a `$ref` inside a
 * schema resolves as it would for any OpenAPI tool. OpenAPI's own formats are annotations.
 */
export function schemaValidator(): (schema: unknown, value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addFormat('int64', true);
  ajv.addFormat('uri-reference', true);
  ajv.addKeyword('example');
  // The whole components object is registered under one id, so `#/components/...` pointers resolve.
  ajv.addKeyword('components');
  // Ajv takes numbers only: the int64 bounds are given as the doubles nearest them (±2^63), so
  // values at those bounds are checked against the document's exact digits elsewhere.
  ajv.addSchema({ $id: 'urn:petstore:openapi', components: JSON.parse(stringifyJson(doc.components)) as Json });
  return (schema, value) => {
    const rewritten = JSON.parse(stringifyJson(schema).replaceAll('"#/components/', '"urn:petstore:openapi#/components/')) as Json;
    return ajv.validate(rewritten, value);
  };
}
