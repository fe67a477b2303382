import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir } from './cache-dir.js';
import { makeOnce } from './cache-lock.js';
import { goEnv } from './go-env.js';

const run = promisify(execFile);

/** A command-line tool the tests build from the Go module proxy: its module path, version and command name. */
export interface GoTool {
  module: string;
  version: string;
  command: string;
}

/** Where a Go tool's binary is kept between runs, beside FerretDB. */
export function goToolPath(tool: GoTool): string {
  return join(cacheDir(), `${tool.command}-${tool.version}`, tool.command);
}

/**
 * Builds a Go tool once per machine (`go install` into a folder of its own, then an atomic rename),
 * behind a lock so that test processes starting together wait for one build instead of each making it.
 */
export async function ensureGoTool(tool: GoTool, log: (line: string) => void = () => {}): Promise<string> {
  const binary = goToolPath(tool);
  return makeOnce(
    tool.command,
    () => (existsSync(binary) ? binary : undefined),
    async () => {
      log(`building ${tool.command} ${tool.version} with Go (first run only)…`);
      await mkdir(cacheDir(), { recursive: true });
      const work = await mkdtemp(join(cacheDir(), `${tool.command}-build-`));
      try {
        // No timeout: a build on a loaded machine is slow, not stuck; Go's caches keep what it did.
        await run('go', ['install', `${tool.module}@${tool.version}`], {
          env: { ...goEnv(), GOBIN: work },
          maxBuffer: 16 * 1024 * 1024,
        });
        await mkdir(dirname(binary), { recursive: true });
        await rename(join(work, tool.command), binary);
        return binary;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    log,
  );
}
