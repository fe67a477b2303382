import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
const MANAGE_CONFIG_FILE = fileURLToPath(new URL('../schemathesis-manage.toml', import.meta.url));

/** Which credential a /manage/v1 run tests with: the security scheme it is and the variable holding it. */
export const MANAGE_CREDENTIALS = {
  session: { scheme: 'session', field: 'api_key', variable: 'PETSTORE_FUZZ_SESSION' },
  key: { scheme: 'bearer', field: 'bearer', variable: 'PETSTORE_FUZZ_KEY' },
} as const;

/** schemathesis-manage.toml with the run's one credential, as `[auth.openapi.<scheme>]` from its variable, written beside the report. */
export async function manageConfig(by: keyof typeof MANAGE_CREDENTIALS, dir: string): Promise<string> {
  const { scheme, field, variable } = MANAGE_CREDENTIALS[by];
  const file = join(dir, 'schemathesis.toml');
  await mkdir(dir, { recursive: true });
  await writeFile(file, `${await readFile(MANAGE_CONFIG_FILE, 'utf8')}\n[auth.openapi.${scheme}]\n${field} = "\${${variable}}"\n`);
  return file;
}

/**
 * The Schemathesis command line against /manage/v1, with the config manageConfig wrote; no checks
 * are named, so every check runs with the file's per-operation settings. `operationIds`, when
 * given, are the only operations tested (those a key may call, in the key run).
 */
export function manageSchemathesisArgs(baseUrl: string, configFile: string, options: FuzzOptions, operationIds: readonly string[] = []): string[] {
  return [
    '--config-file',
    configFile,
    'run',
    `${baseUrl}/manage/v1/openapi.json`,
    '--url',
    `${baseUrl}/manage/v1`,
    '--phases',
    'examples,coverage,fuzzing',
    ...operationIds.flatMap((id) => ['--include-operation-id', id]),
    ...runArgs(options),
  ];
}

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
    '--header',
    `Authorization: Bearer ${apiKey}`,
    ...runArgs(options),
  ];
}

/** What every run is given alike: its budget, one worker so it holds on two cores, its report, its seed. */
function runArgs(options: FuzzOptions): string[] {
  return [
    '--max-examples',
    String(options.maxExamples),
    '--workers',
    '1',
    '--request-timeout',
    '10',
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
export async function runSchemathesis(
  binary: string,
  args: string[],
  echo: (text: string) => void,
  env: Record<string, string> = {},
): Promise<FuzzResult> {
  const child = spawn(binary, args, {
    env: { ...process.env, ...env, NO_COLOR: '1', COLUMNS: '120' },
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
