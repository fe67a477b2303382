import { publishedDocument, type Route } from '@petstore/http';
import { GRAPHQL_PATH } from './graphql-middleware.js';
import { loadSchemaSdl } from './schema.js';

/** Where the SDL is published, beside the endpoint, like /v1/openapi.json beside /v1. */
export const SCHEMA_DOCUMENT_PATH = `${GRAPHQL_PATH}/schema.graphql`;

/**
 * The schema as written (descriptions and @deprecated reasons included), for codegen and
 * frontend tooling, at SCHEMA_DOCUMENT_PATH itself. No key: it is the published contract, and
 * introspection, which needs one and is off in production, is not the way to get it. Other
 * methods answer 405 with `Allow`, as on every route a door mounts.
 */
export function schemaDocumentRoutes(): Route[] {
  return [{ method: 'GET', template: '/', handlers: [publishedDocument(loadSchemaSdl(), 'text/plain; charset=utf-8')] }];
}
