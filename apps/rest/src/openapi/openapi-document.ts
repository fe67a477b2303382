import { readFileSync } from 'node:fs';
import { parseJsonText } from '@petstore/http';

/**
 * The REST contract as published: apps/rest/openapi/openapi.json, kept in the repository and
 * served as it is, except for `servers`, which name the environments this deployment was
 * configured with. The path resolves from src/ (tests) and dist/ (the built server) alike.
 * It is read losslessly: the int64 bounds (2^63 - 1) are bigints, so write it with stringifyJson.
 */
export const OPENAPI_DOCUMENT_FILE = new URL('../../openapi/openapi.json', import.meta.url);

export interface ApiServer {
  url: string;
  description: string;
}

export type OpenApiDocument = Record<string, unknown> & { servers: ApiServer[] };

let cached: OpenApiDocument | undefined;

/** The repository copy of the document, read once. */
export function loadOpenApiDocument(): OpenApiDocument {
  cached ??= parseJsonText(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as OpenApiDocument;
  return cached;
}

/** The document a client downloads: the repository copy with this deployment's servers. */
export function servedOpenApiDocument(servers: readonly ApiServer[]): OpenApiDocument {
  return { ...loadOpenApiDocument(), servers: [...servers] };
}
