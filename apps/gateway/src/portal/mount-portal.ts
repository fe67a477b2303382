import { HttpError, underPrefix, type Exchange, type HeaderList, type Next } from '@petstore/http';
import type { DoorMount } from '@petstore/runtime';
import { builtPortalDirectory, readPortalFiles, type PortalFile } from './portal-files.js';

export const PORTAL_PATH = '/portal';

/**
 * What the portal's page may do: load only what this server serves, call only this origin (the
 * management API), and run no inline script or style; nobody may frame it (clickjacking a revoke
 * button) and no form may post elsewhere. Set on the portal's answers only: /docs and the APIs
 * keep their own.
 */
export const PORTAL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ONE_YEAR = 365 * 24 * 3600;

function headersOf(file: PortalFile): HeaderList {
  // index.html names the current assets: it is checked with the server each time, the assets kept for good.
  const caching = file.immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache';
  return ['Content-Security-Policy', PORTAL_CSP, 'Cache-Control', caching, 'Content-Type', file.contentType];
}

/**
 * GET /portal and everything under it: the built files by their path, and index.html for every
 * other path (the page's own routes, /portal/keys, and the mailed links' /portal/verify-email),
 * but not for a missing asset, which is 404 rather than a page in place of a script. Public: the
 * page signs people in itself, through the management API.
 */
export const mountPortal: DoorMount = (app) => {
  const files = readPortalFiles(builtPortalDirectory());
  const index = files.get('/index.html')!;
  app.use(
    underPrefix(PORTAL_PATH, async (exchange: Exchange, next: Next) => {
      exchange.operation('ops', 'portal');
      if (exchange.method !== 'GET' && exchange.method !== 'HEAD')
        throw new HttpError(405, 'method_not_allowed', 'the portal is a web page: read it with GET', { Allow: 'GET, HEAD' });
      const path = exchange.path.slice(PORTAL_PATH.length);
      const file = files.get(path) ?? (path.startsWith('/assets/') ? undefined : index);
      if (file) exchange.send(200, headersOf(file), file.body);
      else await next();
    }),
  );
};
