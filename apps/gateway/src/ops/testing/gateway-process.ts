import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@petstore/testdb';

/** The built gateway, started as `npm start` starts it. */
export const GATEWAY_MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));

export interface GatewayProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Spawns `node apps/gateway/dist/main.js` on a free port with only the variables given (plus
 * PATH and HOME), so the caller's MONGODB_URI or PETSTORE_* never leak in; resolves once it listens.
 */
export async function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const listening = new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (output.includes(`listening on port ${port}`)) resolve();
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`the gateway exited (${code}) before listening:\n${output}`)));
    setTimeout(() => reject(new Error(`the gateway did not listen within 20 s:\n${output}`)), 20_000).unref();
  });
  await listening;
  return { port, baseUrl: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Runs the built gateway to its end, for start-up failures: exit code and output. */
export async function runGatewayToExit(env: Record<string, string>): Promise<{ code: number | string; output: string }> {
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', HOST: '127.0.0.1', PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | string>((resolve) => child.once('exit', (exit, signal) => resolve(exit ?? signal ?? -1)));
  return { code, output };
}
