import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir, makeOnce } from '@petstore/testdb';

const run = promisify(execFile);

/** Pinned, so that a run today and one next month check the same way. */
const REQUIREMENTS = ['podman-compose==1.6.0', 'kubernetes-validate==1.37.0'];

export interface PythonTools {
  podmanCompose: string;
  /** Checks Kubernetes objects against the API's JSON schemas, which the package ships. */
  kubernetesValidate: string;
}

export async function hasPythonVenv(): Promise<boolean> {
  return run('python3', ['-m', 'venv', '--help']).then(
    () => true,
    () => false,
  );
}

/**
 * Installs podman-compose and kubernetes-validate from PyPI into a virtual environment of their own
 * in the cache folder, once per machine (behind a lock): nothing goes into the system's Python.
 */
export async function ensurePythonTools(log: (line: string) => void): Promise<PythonTools> {
  const venv = join(cacheDir(), 'deploy-venv');
  const marker = join(venv, 'petstore-requirements.txt');
  const tools = { podmanCompose: join(venv, 'bin', 'podman-compose'), kubernetesValidate: join(venv, 'bin', 'kubernetes-validate') };
  const wanted = REQUIREMENTS.join('\n');
  const installed = (): Promise<PythonTools | undefined> =>
    readFile(marker, 'utf8').then(
      (text) => (text === wanted ? tools : undefined),
      () => undefined,
    );
  return makeOnce(
    'deploy-venv',
    installed,
    async () => {
      log(`installing ${REQUIREMENTS.join(' ')} into ${venv} (first run only)…`);
      await rm(venv, { recursive: true, force: true });
      await run('python3', ['-m', 'venv', venv]);
      await run(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...REQUIREMENTS], {
        maxBuffer: 16 * 1024 * 1024,
        timeout: 10 * 60_000,
      });
      await writeFile(marker, wanted);
      return tools;
    },
    log,
  );
}
