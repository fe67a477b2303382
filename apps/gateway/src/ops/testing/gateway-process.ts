import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mailWrittenTo, spawnServer, type ServerProcess } from '@petstore/testing';
import { tokenLink } from '@petstore/testing/smtp-test-server';

/** The built gateway, started as `npm start` starts it. */
export const GATEWAY_MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));

export type GatewayProcess = ServerProcess;

/** Spawns `node apps/gateway/dist/main.js` with only the variables given; resolves once it listens. */
export function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  return spawnServer(GATEWAY_MAIN, env);
}

/** Runs the built gateway to its end, for start-up failures: exit code and output. */
export async function runGatewayToExit(env: Record<string, string>): Promise<{ code: number | string; output: string }> {
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | string>((resolve) => child.once('exit', (exit, signal) => resolve(exit ?? signal ?? -1)));
  return { code, output };
}

/**
 * The one-time link in the last mail to `to` whose subject starts with `subject` that the gateway
 * wrote whole to its output (development without SMTP); waits until the mail's end is written.
 */
export async function linkInOutput(gateway: GatewayProcess, to: string, subject: string): Promise<{ url: string; token: string }> {
  return tokenLink(await mailWrittenTo(gateway, to, subject));
}
