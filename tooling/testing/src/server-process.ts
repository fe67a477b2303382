import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process has ended. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/**
 * Spawns a built server entry (a `main.js` that prints `listening on port N`, as runMain does) on
 * a free loopback port it picks itself (PORT=0, so no other process can take the port first), with
 * only the variables given plus PATH and HOME, so the caller's MONGODB_URI or PETSTORE_* never
 * leak in. Resolves once it listens.
 */
export async function spawnServer(main: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on port (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`${main} exited (${code}) before listening:\n${output}`)));
    setTimeout(() => reject(new Error(`${main} did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS).unref();
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { port, baseUrl: `http://127.0.0.1:${port}`, child, output: () => output, exited, stop };
}
