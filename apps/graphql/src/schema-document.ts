import { METHODS } from 'node:http';
import Router from '@koa/router';
import { publishedDocument, type ExchangeState } from '@petstore/http';
import { GRAPHQL_PATH } from './graphql-middleware.js';
import { loadSchemaSdl } from './schema.js';

/** Where the SDL is published, beside the endpoint, like /v1/openapi.json beside /v1. */
export const SCHEMA_DOCUMENT_PATH = `${GRAPHQL_PATH}/schema.graphql`;

/**
 * The schema as written (descriptions and @deprecated reasons included), for codegen and
 * frontend tooling. No key: it is the published contract, and introspection, which needs one and
 * is off in production, is not the way to get it. Other methods answer 405 with `Allow`.
 */
export function schemaDocumentRouter(): Router<ExchangeState> {
  // Every method Node knows, so one this path lacks is 405 with Allow, not the router's 501 (as on REST).
  const router = new Router<ExchangeState>({ methods: [...METHODS] });
  router.get(SCHEMA_DOCUMENT_PATH, publishedDocument(loadSchemaSdl(), 'text/plain; charset=utf-8'));
  return router;
}
