import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the Containerfile, compose.yaml and deploy/ are. */
export const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** The service's version: the gateway's, which `npm run image` tags the image with. */
export function serviceVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('apps/gateway/package.json', `file://${REPOSITORY}`), 'utf8')) as { version: string };
  return manifest.version;
}
