import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { makeOnce } from '@petstore/testdb';

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
 * The path of a Chromium to drive: the one installed (by the preparation step, `npm run
 * prepare-tests`, which runs ensure-chromium.sh before the tests), else outside CI installed here
 * by ensure-chromium.sh when possible, once per machine behind a lock.
 * Without one the browser tests are skipped loudly, except under CI, where that is a failure.
 */
export async function chromiumOrSkip(): Promise<string | undefined> {
  const script = new URL('./ensure-chromium.sh', import.meta.url);
  try {
    return await makeOnce(
      'chromium',
      () => installed(),
      async () => {
        const { stdout } = await run('sh', [script.pathname], { timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
        return stdout.trim().split('\n').at(-1) ?? 'chromium';
      },
    );
  } catch (error) {
    const reason = `no Chromium for the browser tests (${(error as { stderr?: string }).stderr?.trim() || String(error)}); see src/browser/README.md`;
    if (process.env['CI']) throw new Error(`${reason}; CI requires the browser tests to run`);
    process.stdout.write(`\n!!!!!!!! BROWSER TESTS SKIPPED: ${reason} !!!!!!!!\n\n`);
    return undefined;
  }
}

async function installed(): Promise<string | undefined> {
  return run('sh', ['-c', 'command -v chromium']).then(
    ({ stdout }) => stdout.trim(),
    () => undefined,
  );
}
