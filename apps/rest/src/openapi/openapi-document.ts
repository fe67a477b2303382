import { DEFAULT_PRODUCTION_URL } from '@petstore/runtime';
import { apiServers } from './api-servers.js';
import { v1OpenApiDocument, type OpenApiDocument } from './v1-document.js';

export type { ApiServer, OpenApiDocument } from './v1-document.js';

/**
 * apps/rest/openapi/openapi.json: the document as production serves it, written from the
 * generator (a test fails while it is stale) for what reads the contract as a file: the client's
 * code generation and the released-contract check. The path resolves from src/ and dist/ alike.
 */
export const OPENAPI_DOCUMENT_FILE = new URL('../../openapi/openapi.json', import.meta.url);

/** The door's prefix, as the production server's URL ends with it. */
const API_PREFIX = new URL(DEFAULT_PRODUCTION_URL).pathname;

let cached: OpenApiDocument | undefined;

/** The published contract: the document as production serves it, generated once. */
export function loadOpenApiDocument(): OpenApiDocument {
  const publicBaseUrl = new URL(DEFAULT_PRODUCTION_URL).origin;
  cached ??= v1OpenApiDocument({ apiPrefix: API_PREFIX, servers: apiServers(publicBaseUrl, API_PREFIX) });
  return cached;
}
