import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether `python3 -m venv` can make an environment here (Debian splits venv into python3-venv). */
export async function hasPythonVenv(): Promise<boolean> {
  try {
    await run('python3', ['-m', 'venv', '--help']);
    return true;
  } catch {
    return false;
  }
}
