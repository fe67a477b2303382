import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, sep } from 'node:path';

/** A file of the built portal, as it is answered. */
export interface PortalFile {
  body: Buffer;
  contentType: string;
  /** Vite names what it emits under assets/ by a hash of its content: such a file never changes. */
  immutable: boolean;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const require = createRequire(import.meta.url);

/** Where `npm run build` put the portal (apps/portal, Vite): its dist/ folder. */
export function builtPortalDirectory(): string {
  return join(dirname(require.resolve('@petstore/portal/package.json')), 'dist');
}

/**
 * Every file of the built portal, read once at start-up and kept in memory (about 250 KB), by its
 * path under the portal (`/assets/index-3f2a.js`). Requests are answered from this map alone, so
 * no request path ever reaches the file system. A missing build is an error at start, not a 404 later.
 */
export function readPortalFiles(directory: string): Map<string, PortalFile> {
  const files = new Map<string, PortalFile>();
  let entries: string[];
  try {
    entries = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    throw new Error(`the portal is not built (${directory} is missing): run npm run build`, { cause: error });
  }
  for (const entry of entries) {
    const contentType = CONTENT_TYPES[extname(entry)];
    if (!contentType) continue;
    const path = `/${relative(directory, join(directory, entry)).split(sep).join('/')}`;
    files.set(path, { body: readFileSync(join(directory, entry)), contentType, immutable: path.startsWith('/assets/') });
  }
  if (!files.has('/index.html')) throw new Error(`the portal is not built (${directory} has no index.html): run npm run build`);
  return files;
}
