export { mountRest, OPENAPI_PATH, REST_PREFIX, type RestDeps } from './app.js';
export { apiServers, type ServerConfig } from './openapi/api-servers.js';
export {
  loadOpenApiDocument,
  OPENAPI_DOCUMENT_FILE,
  servedOpenApiDocument,
  type ApiServer,
  type OpenApiDocument,
} from './openapi/openapi-document.js';
export { DOCS_PATH, type ListedDocument } from './docs/docs-page.js';
