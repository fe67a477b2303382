export { buildRestApp, buildRestRouter, mountRest, REST_PREFIX, type RestDeps } from './app.js';
