export { MANAGE_OPENAPI_PATH, MANAGE_PREFIX, mountManage, type ManageDeps } from './app.js';
export { MANAGE_ROUTES } from './manage-routes.js';
export { manageOpenApiDocument } from './openapi/manage-document.js';
export { SESSION_COOKIE } from './session/session-cookie.js';
