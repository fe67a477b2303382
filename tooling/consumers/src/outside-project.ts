import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** npm's cache, kept between runs beside FerretDB's, so a repeated install needs no download. */
const NPM_CACHE = join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'petstore', 'npm');

/** The environment of a process in no workspace: none of the npm_* settings pnpm and turbo pass down. */
function outsideEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

/** The directory of a workspace package, found as its dependents find it. */
export function packageDir(name: string): string {
  return join(fileURLToPath(import.meta.resolve(`${name}/package.json`)), '..');
}

/** `pnpm pack` of a workspace package into `destination`, as a release would publish it; the tarball's path. */
export async function pack(name: string, destination: string): Promise<string> {
  // The package exports only its manifest, as '.'.
  const pnpm = join(require.resolve('pnpm'), '..', 'bin', 'pnpm.cjs');
  const before = new Set(await readdir(destination));
  await run(process.execPath, [pnpm, 'pack', '--pack-destination', destination], { cwd: packageDir(name) });
  const tarball = (await readdir(destination)).find((file) => file.endsWith('.tgz') && !before.has(file));
  if (!tarball) throw new Error(`pnpm pack made no tarball for ${name}`);
  return join(destination, tarball);
}

export interface OutsideProject {
  dir: string;
  remove(): Promise<void>;
}

/**
 * A copy of a fixture project in the system's temporary folder, outside the workspace, with the
 * given tarballs installed by plain npm; their peer dependencies come from the registry.
 */
export async function outsideProject(fixture: URL, tarballs: (dir: string) => Promise<string[]>): Promise<OutsideProject> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-consumer-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await cp(fileURLToPath(fixture), dir, { recursive: true });
    const files = await tarballs(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `--cache=${NPM_CACHE}`, ...files], {
      cwd: dir,
      env: outsideEnv(),
    });
    return { dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
