import type {} from '@petstore/testdb/global-setup';
import type { Clock } from '@petstore/domain';
import { requestListener } from '@petstore/http';
import { uniqueName } from '@petstore/testing';
import { createRuntime, loadConfig, serve, type Runtime, type RuntimeOptions } from '@petstore/runtime';
import { buildGateway } from '../app.js';

export interface TestGateway {
  baseUrl: string;
  /** A valid key: the dev key on the embedded store, a key made through the account service on MongoDB. */
  apiKey: string;
  runtime: Runtime;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  /** MongoDB to use, each gateway in its own fresh database; embedded store when null. */
  mongodbUri: string | null;
  clock?: Clock;
  env?: Record<string, string>;
  /** Where logs go (they are silenced unless `env` sets LOG_LEVEL). */
  logDestination?: RuntimeOptions['logDestination'];
}

/** Starts the real gateway on a free loopback port, as `npm start` would, for tests that speak HTTP to it. */
export async function startTestGateway(options: TestGatewayOptions): Promise<TestGateway> {
  const dbName = uniqueName('petstore_test');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...(options.mongodbUri && { MONGODB_URI: options.mongodbUri, MONGODB_DB: dbName }),
    ...options.env,
  });
  const runtime = await createRuntime(config, {
    ...(options.clock && { clock: options.clock }),
    ...(options.logDestination && { logDestination: options.logDestination }),
  });
  const apiKey = runtime.devKey?.key ?? (await issueKey(runtime));
  const running = await serve(requestListener(await buildGateway(runtime)), runtime);
  return {
    baseUrl: `http://127.0.0.1:${running.port}`,
    apiKey,
    runtime,
    close: running.close,
  };
}

export async function issueKey(runtime: Runtime): Promise<string> {
  const account = await runtime.accounts.createAccount('test');
  return (await runtime.accounts.createKey(account.id)).key;
}
