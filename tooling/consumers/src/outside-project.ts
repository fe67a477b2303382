import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const PNPM = join(require.resolve('pnpm'), '..', 'bin', 'pnpm.cjs');

/** npm's cache, kept between runs beside FerretDB's, so a repeated install needs no download. */
const NPM_CACHE = join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'petstore', 'npm');

/** The environment of a process in no workspace: none of the settings npm, pnpm and turbo pass down. */
function outsideEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|turbo_)/i.test(name)));
}

/** The directory of a workspace package in this repository, found as its dependents find it. */
function packageDir(name: string): string {
  return join(realpathSync(fileURLToPath(import.meta.resolve(`${name}/package.json`))), '..');
}

export interface TemporaryDir {
  dir: string;
  remove(): Promise<void>;
}

async function temporaryDir(prefix: string, fill: (dir: string) => Promise<void>): Promise<TemporaryDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await fill(dir);
    return { dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * The repository as a fresh clone of it is: the files git tracks or would track (as the working
 * tree has them), installed from the lockfile by pnpm, and nothing built. Packages come from the
 * store pnpm already has, so this takes seconds.
 */
export function freshCheckout(): Promise<TemporaryDir> {
  return temporaryDir('petstore-checkout-', async (dir) => {
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPOSITORY, maxBuffer: 16 << 20 });
    for (const file of stdout.split('\0')) {
      // A file deleted in the working tree but not yet in git's index is no longer part of it.
      if (file === '' || !existsSync(join(REPOSITORY, file))) continue;
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await cp(join(REPOSITORY, file), join(dir, file));
    }
    await run(process.execPath, [PNPM, 'install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], { cwd: dir, env: outsideEnv() });
  });
}

/**
 * `pnpm pack` of a workspace package of `checkout` into `destination`, as a release would publish
 * it (the package's `prepack` builds it); the tarball's path.
 */
export async function pack(checkout: string, name: string, destination: string): Promise<string> {
  const before = new Set(await readdir(destination));
  const cwd = join(checkout, relative(REPOSITORY, packageDir(name)));
  await run(process.execPath, [PNPM, 'pack', '--pack-destination', destination], { cwd, env: outsideEnv(), maxBuffer: 16 << 20 });
  const tarball = (await readdir(destination)).find((file) => file.endsWith('.tgz') && !before.has(file));
  if (!tarball) throw new Error(`pnpm pack made no tarball for ${name}`);
  return join(destination, tarball);
}

/**
 * A copy of a fixture project in the system's temporary folder, outside the workspace, with the
 * given tarballs installed by plain npm; their peer dependencies come from the registry.
 */
export function outsideProject(fixture: URL, tarballs: (dir: string) => Promise<string[]>): Promise<TemporaryDir> {
  return temporaryDir('petstore-consumer-', async (dir) => {
    await cp(fileURLToPath(fixture), dir, { recursive: true });
    const files = await tarballs(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `--cache=${NPM_CACHE}`, ...files], {
      cwd: dir,
      env: outsideEnv(),
    });
  });
}
