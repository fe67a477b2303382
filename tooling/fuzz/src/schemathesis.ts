import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir, makeOnce } from '@petstore/testdb';

const run = promisify(execFile);

/** Pinned so that a run today and a run next month test with the same checks. */
export const SCHEMATHESIS_VERSION = '4.32.5';

export function schemathesisVenv(): string {
  return join(cacheDir(), 'schemathesis-venv');
}

export function schemathesisBinary(): string {
  return join(schemathesisVenv(), 'bin', 'st');
}

async function installedVersion(): Promise<string | undefined> {
  if (!existsSync(schemathesisBinary())) return undefined;
  try {
    const { stdout } = await run(schemathesisBinary(), ['--version']);
    return /(\d+\.\d+\.\d+)/.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Installs Schemathesis from PyPI into its own virtual environment under the cache folder, once per
 * machine behind a lock (the preparation step does it before the tests): nothing is installed into
 * the system Python. Returns the path of the `st` command.
 */
export async function ensureSchemathesis(log: (line: string) => void = () => {}): Promise<string> {
  return makeOnce(
    'schemathesis-venv',
    async () => ((await installedVersion()) === SCHEMATHESIS_VERSION ? schemathesisBinary() : undefined),
    async () => {
      const venv = schemathesisVenv();
      log(`installing Schemathesis ${SCHEMATHESIS_VERSION} into ${venv} (first run only)…`);
      await rm(venv, { recursive: true, force: true });
      await run('python3', ['-m', 'venv', venv]);
      await run(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], {
        maxBuffer: 16 * 1024 * 1024,
        timeout: 10 * 60_000,
      });
      const version = await installedVersion();
      if (version !== SCHEMATHESIS_VERSION) throw new Error(`Schemathesis ${SCHEMATHESIS_VERSION} did not install (found ${version ?? 'nothing'})`);
      return schemathesisBinary();
    },
    log,
  );
}
