import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { breakingOpenApiChanges } from './oasdiff.js';
import { breakingSchemaChanges } from './schema-diff.js';

/** Where the documents of the last release are kept, written by `release.ts` (resolves from src/ and dist/). */
export const RELEASED_DIR = fileURLToPath(new URL('../../../contracts/released/', import.meta.url));
export const RELEASE_RECORD = join(RELEASED_DIR, 'release.json');

export interface Contract {
  /** Its file name in the released folder. */
  name: string;
  /** The document as the repository has it now. */
  current: string;
  /** The package whose major version says whether this contract may break. */
  package: string;
  /** The breaking changes from one file of this kind to another. */
  breakingChanges(baseFile: string, revisionFile: string): Promise<string[]>;
}

const fileOf = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const readBoth = async (base: string, revision: string) => Promise.all([readFile(base, 'utf8'), readFile(revision, 'utf8')]);

export const CONTRACTS: readonly Contract[] = [
  {
    name: 'openapi.json',
    current: fileOf('@petstore/rest/openapi.json'),
    // Its types are generated from the document: a break in one is a break in the other.
    package: '@petstore/client',
    breakingChanges: breakingOpenApiChanges,
  },
  {
    name: 'schema.graphql',
    current: fileOf('@petstore/graphql/schema.graphql'),
    package: '@petstore/graphql',
    breakingChanges: async (base, revision) => breakingSchemaChanges(...(await readBoth(base, revision))),
  },
];

/** For each released document, the package and version it was released with. */
export type ReleaseRecord = Record<string, { package: string; version: string }>;

export async function readReleaseRecord(): Promise<ReleaseRecord> {
  return JSON.parse(await readFile(RELEASE_RECORD, 'utf8')) as ReleaseRecord;
}

/** The version a workspace package has now. */
export async function currentVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(fileOf(`${name}/package.json`), 'utf8')) as { version?: string };
  if (!manifest.version) throw new Error(`${name} has no version`);
  return manifest.version;
}
