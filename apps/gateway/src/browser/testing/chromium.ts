import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Flags for a quiet headless Chromium that reaches nothing on its own (no sync, updates or QUIC probes). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The path of a Chromium to drive, installed by ensure-chromium.sh when missing and possible.
 * Without one the browser tests are skipped loudly, except under CI, where that is a failure.
 */
export async function chromiumOrSkip(): Promise<string | undefined> {
  const script = new URL('./ensure-chromium.sh', import.meta.url);
  try {
    const { stdout } = await run('sh', [script.pathname], { timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
    return stdout.trim().split('\n').at(-1);
  } catch (error) {
    const reason = `no Chromium for the browser tests (${(error as { stderr?: string }).stderr?.trim() || String(error)}); see src/browser/README.md`;
    if (process.env['CI']) throw new Error(`${reason}; CI requires the browser tests to run`);
    process.stdout.write(`\n!!!!!!!! BROWSER TESTS SKIPPED: ${reason} !!!!!!!!\n\n`);
    return undefined;
  }
}
