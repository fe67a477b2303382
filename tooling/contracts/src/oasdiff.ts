import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir } from '@petstore/testdb';

const run = promisify(execFile);

/** oasdiff (https://github.com/oasdiff/oasdiff): breaking-change rules for OpenAPI 3.1 since v1.15. */
export const OASDIFF_VERSION = 'v1.36.0';
const MODULE = 'github.com/oasdiff/oasdiff';

export function oasdiffBinaryPath(): string {
  return join(cacheDir(), `oasdiff-${OASDIFF_VERSION}`, 'oasdiff');
}

/**
 * Builds oasdiff from the Go module proxy once (a few minutes) and keeps it beside FerretDB.
 * Concurrent runs may race: each builds into its own folder and the rename is atomic.
 */
export async function ensureOasdiff(): Promise<string> {
  const binary = oasdiffBinaryPath();
  if (existsSync(binary)) return binary;
  await mkdir(cacheDir(), { recursive: true });
  const work = await mkdtemp(join(cacheDir(), 'oasdiff-build-'));
  try {
    await run('go', ['install', `${MODULE}@${OASDIFF_VERSION}`], {
      env: { ...process.env, GOBIN: work, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' },
      maxBuffer: 16 * 1024 * 1024,
    });
    await mkdir(dirname(binary), { recursive: true });
    await rename(join(work, 'oasdiff'), binary);
    return binary;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface OasdiffChange {
  id: string;
  text: string;
  level: number;
  operation?: string;
  path?: string;
}

/** oasdiff's level for a change that breaks clients (`ERR`); `WARN` ones only may. */
const BREAKING = 3;

/** What `revision` (a file) breaks of `base`, one line per change: `GET /pets: removed … [rule-id]`. */
export async function breakingOpenApiChanges(base: string, revision: string): Promise<string[]> {
  const { stdout } = await run(await ensureOasdiff(), ['breaking', base, revision, '--format', 'json'], { maxBuffer: 16 * 1024 * 1024 });
  const changes = (stdout.trim() === '' ? [] : JSON.parse(stdout)) as OasdiffChange[];
  return changes
    .filter((change) => change.level >= BREAKING)
    .map((change) => `${change.operation && change.path ? `${change.operation} ${change.path}: ` : ''}${change.text} [${change.id}]`);
}
