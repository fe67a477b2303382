import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export interface GatewayProcess {
  baseUrl: string;
  apiKey: string;
  /** Everything the gateway printed, for a failure report. */
  output(): string;
  stop(): Promise<void>;
}

/** The built gateway, exactly as `npm start` runs it: apps/gateway/dist/main.js. */
export function gatewayMain(): string {
  return fileURLToPath(new URL('./main.js', import.meta.resolve('@petstore/gateway')));
}

/**
 * Starts the built gateway on a free loopback port (PORT=0; the port is read from its start-up
 * line) with the embedded store and a known development key.
 */
export async function startGatewayProcess(extraEnv: Record<string, string> = {}): Promise<GatewayProcess> {
  const apiKey = `fuzz_${randomBytes(24).toString('base64url')}`;
  const { MONGODB_URI: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [gatewayMain()], {
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      PETSTORE_DEV_API_KEY: apiKey,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the gateway did not start in 30 s:\n${output}`)), 30_000);
    const check = (): void => {
      const match = /listening on port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the gateway exited with code ${code}:\n${output}`));
    });
  });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
