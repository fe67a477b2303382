import { readFileSync } from 'node:fs';

/** The SDL beside this module; the build copies it into dist/ so the same path works there. */
export function loadSchemaSdl(): string {
  return readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
}
