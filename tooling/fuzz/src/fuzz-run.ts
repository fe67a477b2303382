import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface FuzzOptions {
  /** Test cases per operation and phase; the whole run grows roughly linearly with it. */
  maxExamples: number;
  /** Pin the random seed to replay a run; a fresh one is drawn otherwise and printed. */
  seed?: string | undefined;
  /** Where the JUnit report goes. */
  reportDir: string;
}

export const CONFIG_FILE = fileURLToPath(new URL('../schemathesis.toml', import.meta.url));

/**
 * The whole Schemathesis command line against a running gateway: the document it serves, every
 * check and every phase (examples, coverage, fuzzing, stateful, the last following the document's
 * links from createPet to getPet), one worker so the budget holds on a two-core machine.
 */
export function schemathesisArgs(baseUrl: string, apiKey: string, options: FuzzOptions): string[] {
  return [
    '--config-file',
    CONFIG_FILE,
    'run',
    `${baseUrl}/v1/openapi.json`,
    '--url',
    `${baseUrl}/v1`,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    String(options.maxExamples),
    '--workers',
    '1',
    '--request-timeout',
    '10',
    '--header',
    `Authorization: Bearer ${apiKey}`,
    '--report',
    'junit',
    '--report-dir',
    options.reportDir,
    '--no-color',
    ...(options.seed ? ['--seed', options.seed] : []),
  ];
}

export interface FuzzResult {
  exitCode: number;
  output: string;
}

/** Runs Schemathesis to the end, echoing its output line by line as it comes. */
export async function runSchemathesis(binary: string, args: string[], echo: (text: string) => void): Promise<FuzzResult> {
  const child = spawn(binary, args, {
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '120' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
    echo(chunk.toString());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  return { exitCode, output };
}
