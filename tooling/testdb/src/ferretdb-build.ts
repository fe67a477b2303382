import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir } from './cache-dir.js';
import { makeOnce } from './cache-lock.js';
import { goEnv } from './go-env.js';

const run = promisify(execFile);

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

export function ferretdbBinaryPath(): string {
  return join(cacheDir(), `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
}

export async function hasGo(): Promise<boolean> {
  try {
    await run('go', ['version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds FerretDB from the Go module proxy once and caches the binary.
 *
 * The published module lacks the generated build/version/version.txt that its version package
 * embeds (it panics at start-up without it), so the source is copied out of the module cache,
 * the file is written, and the build uses that copy through a `replace` directive.
 * The preparation step (`npm run prepare-tests`) builds it before any test runs; outside CI a test
 * process that finds it missing builds it behind a lock while the others wait (two Go builds at
 * once on two cores would each take twice as long). The build happens in a folder of its own and
 * the rename is atomic; Go's caches (go-env.ts) let a build cut short resume.
 */
export async function ensureFerretDB(log: (line: string) => void = () => {}): Promise<string> {
  const binary = ferretdbBinaryPath();
  return makeOnce(
    'ferretdb',
    () => (existsSync(binary) ? binary : undefined),
    () => buildFerretDB(binary, log),
    log,
  );
}

async function buildFerretDB(binary: string, log: (line: string) => void): Promise<string> {
  log(`building FerretDB ${FERRETDB_VERSION} with Go (first run only, a few minutes)…`);
  await mkdir(cacheDir(), { recursive: true });
  const work = await mkdtemp(join(cacheDir(), 'ferretdb-build-'));
  try {
    const env = goEnv();
    const { stdout } = await run('go', ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], { cwd: work, env });
    const source = (JSON.parse(stdout) as { Dir: string }).Dir;
    await cp(source, join(work, 'src'), { recursive: true });
    await makeWritable(join(work, 'src'));
    await writeFile(join(work, 'src', 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    await writeFile(
      join(work, 'go.mod'),
      `module petstore/ferretdb-build\n\ngo 1.22\n\nrequire ${MODULE} ${FERRETDB_VERSION}\n\nreplace ${MODULE} => ./src\n`,
    );
    await writeFile(join(work, 'tools.go'), `//go:build tools\n\npackage tools\n\nimport _ "${MODULE}/cmd/ferretdb"\n`);
    await run('go', ['mod', 'tidy'], { cwd: work, env, maxBuffer: 16 * 1024 * 1024 });
    await run('go', ['build', '-trimpath', '-o', 'ferretdb', `${MODULE}/cmd/ferretdb`], {
      cwd: work,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    await mkdir(join(binary, '..'), { recursive: true });
    await rename(join(work, 'ferretdb'), binary);
    log(`FerretDB built at ${binary}`);
    return binary;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function makeWritable(dir: string): Promise<void> {
  // Files in Go's module cache are read-only; the copy must be writable to add version.txt and to be removed.
  await run('chmod', ['-R', 'u+w', dir]);
  await chmod(dir, 0o755);
}
