import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Exchange, Next, Route } from '@petstore/http';
import type { ApiServer } from '../openapi/v1-document.js';

export const DOCS_PATH = '/docs';

/** Swagger UI's browser bundle and stylesheet, from the swagger-ui-dist package, served by this server. */
const require = createRequire(import.meta.url);
const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  'swagger-ui-bundle.js': { file: require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui-standalone-preset.js': {
    file: require.resolve('swagger-ui-dist/swagger-ui-standalone-preset.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'swagger-ui.css': { file: require.resolve('swagger-ui-dist/swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'favicon-32x32.png': { file: require.resolve('swagger-ui-dist/favicon-32x32.png'), type: 'image/png' },
};

const assetCache = new Map<string, Buffer>();
const asset = (name: string, file: string): Buffer => {
  let content = assetCache.get(name);
  if (!content) assetCache.set(name, (content = readFileSync(file)));
  return content;
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Pet Store API reference</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

/** A document the page lists: where it is served, and the name its menu shows. */
export interface ListedDocument {
  url: string;
  name: string;
}

/**
 * validatorUrl: null keeps Swagger UI from sending the document to validator.swagger.io (its
 * default). Each document is listed in `urls`, so the top bar shows a menu of them (the first
 * shown first) and never the field that would load any URL typed into it.
 */
const initScript = (documents: readonly ListedDocument[]): string => `window.ui = SwaggerUIBundle({
  urls: ${JSON.stringify(documents)},
  dom_id: '#api-reference',
  layout: 'StandaloneLayout',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  validatorUrl: null,
  deepLinking: true,
  displayOperationId: true,
  displayRequestDuration: true,
  persistAuthorization: false,
  withCredentials: false,
});
`;

/**
 * The page may load only what this server serves, and "Try it out" may call only this server and
 * the environments the document names; no CDN, font service or telemetry is ever reached.
 */
function contentSecurityPolicy(servers: readonly ApiServer[]): string {
  const origins = new Set<string>();
  for (const server of servers) {
    if (/^https?:\/\//.test(server.url)) origins.add(new URL(server.url).origin);
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${[...origins].map((origin) => ` ${origin}`).join('')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** GET /docs: an interactive reference of the served OpenAPI documents, answered through the exchange. No key is needed. */
export function docsRoutes(documents: readonly ListedDocument[], servers: readonly ApiServer[]): Route[] {
  const page = ['Content-Security-Policy', contentSecurityPolicy(servers), 'Cache-Control', 'no-cache', 'Content-Type', 'text/html; charset=utf-8'];
  const script = ['Cache-Control', 'no-cache', 'Content-Type', 'text/javascript; charset=utf-8'];
  const init = initScript(documents);

  const serveAsset = async (exchange: Exchange, next: Next): Promise<void> => {
    const name = exchange.param('asset') ?? '';
    const found = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!found) {
      await next();
      return;
    }
    exchange.send(200, ['Cache-Control', 'public, max-age=86400', 'Content-Type', found.type], asset(name, found.file));
  };
  return [
    { method: 'GET', template: '/', handlers: [(exchange) => exchange.send(200, page, PAGE)] },
    { method: 'GET', template: '/init.js', handlers: [(exchange) => exchange.send(200, script, init)] },
    { method: 'GET', template: '/:asset', handlers: [serveAsset] },
  ];
}
