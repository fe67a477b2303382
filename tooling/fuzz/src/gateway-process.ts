import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerProcess } from '@petstore/testing';

export interface GatewayProcess extends ServerProcess {
  apiKey: string;
}

/** The built gateway, exactly as `npm start` runs it: apps/gateway/dist/main.js. */
export function gatewayMain(): string {
  return fileURLToPath(new URL('./main.js', import.meta.resolve('@petstore/gateway')));
}

/** Starts the built gateway on a free loopback port with the embedded store and a known development key. */
export async function startGatewayProcess(extraEnv: Record<string, string> = {}): Promise<GatewayProcess> {
  const apiKey = `fuzz_${randomBytes(24).toString('base64url')}`;
  const server = await spawnServer(gatewayMain(), { PETSTORE_DEV_API_KEY: apiKey, ...extraEnv });
  return { ...server, apiKey };
}
