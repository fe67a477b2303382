export { mountRest, OPENAPI_PATH, REST_PREFIX, type RestDeps } from './app.js';
export { apiServers, type ServerConfig } from './openapi/api-servers.js';
export { loadOpenApiDocument, OPENAPI_DOCUMENT_FILE, type ApiServer, type OpenApiDocument } from './openapi/openapi-document.js';
export { v1OpenApiDocument } from './openapi/v1-document.js';
export { DOCS_PATH, type ListedDocument } from './docs/docs-page.js';
