import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The built entry point, run as users run it: `pnpm run build` comes before the tests.
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `petstore` with the test's environment minus any database settings, plus `env` (undefined: unset). */
export function petstore(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const { MONGODB_URI: _uri, MONGODB_DB: _db, PETSTORE_ACTOR: _actor, ...inherited } = process.env;
    const child = spawn(process.execPath, [MAIN, ...args], { env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
