import { operatorOn, systemClock, type Clock } from '@petstore/domain';
import { createRuntime, loadConfig, openStores, serve, type RunningServer, type Runtime, type Service, type Stores } from '@petstore/runtime';
import { uniqueName } from '@petstore/testing';
import { logFile } from './log-file.js';

export interface ServiceOptions {
  /** MongoDB to use, each service in a fresh database of its own; the embedded store when null or absent. */
  mongodbUri?: string | null | undefined;
  /** Service configuration, as the environment would give it (PETSTORE_MAX_BODY_BYTES, …). */
  env?: Record<string, string | undefined>;
  clock?: Clock | undefined;
  /**
   * Logs at LOG_LEVEL info (unless `env` sets it) to a LOG_FILE of the service's own, read by
   * `readLog()`; without it, logs are silent unless `env` sets LOG_LEVEL.
   */
  logs?: boolean | undefined;
  /**
   * Where the service writes its mail without SMTP outside production, as `npm start` writes it to
   * its output; absent, it has no mailer without SMTP, as production has none.
   */
  mailOutput?: ((text: string) => void) | undefined;
  /** Changes the opened stores before the service is wired over them (a failing pet store, say). */
  stores?: ((opened: Stores) => Stores) | undefined;
}

export interface RunningService {
  baseUrl: string;
  port: number;
  /** A valid key: the dev key on the embedded store, one made through the account service on MongoDB. */
  apiKey: string;
  runtime: Runtime;
  /** The internal metrics port, when PETSTORE_METRICS_PORT is set. */
  metricsPort: number | undefined;
  /** Every line the service has logged so far (started with `logs`), parsed, in order. */
  readLog: () => Array<Record<string, unknown>>;
  close: () => Promise<void>;
}

/**
 * Starts the doors as the gateway's main.ts would: configuration through loadConfig, the service
 * wired by createRuntime, served by serve() on a free loopback port. `build` makes what is served
 * from the runtime: the gateway (`buildGateway`), or the doors a test needs composed the same way
 * (`(rt) => composeDoors(rt, [mountRest])`).
 */
export async function startService(build: (runtime: Runtime) => Service | Promise<Service>, options: ServiceOptions = {}): Promise<RunningService> {
  const logs = options.logs ? logFile() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: logs ? 'info' : 'silent',
    ...(logs && { LOG_FILE: logs.path }),
    ...(options.mongodbUri && { MONGODB_URI: options.mongodbUri, MONGODB_DB: uniqueName('petstore_test') }),
    ...options.env,
  });
  const clock = options.clock;
  const opened = options.stores ? options.stores(await openStores(config, clock ?? systemClock)) : undefined;
  const runtime = await createRuntime(config, {
    mailOutput: options.mailOutput ?? null,
    ...(clock && { clock }),
    ...(opened && { stores: opened }),
  });
  let apiKey: string;
  let running: RunningServer;
  try {
    apiKey = runtime.devKey?.key ?? (await issueKey(runtime));
    running = await serve(await build(runtime), runtime);
  } catch (error) {
    // A door that refuses its options refuses the start: nothing of this service is left behind.
    await runtime.close();
    logs?.remove();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${running.port}`,
    port: running.port,
    apiKey,
    runtime,
    metricsPort: running.metricsPort,
    readLog: () => {
      if (!logs) throw new Error('the service was started without `logs: true`');
      return logs.lines();
    },
    close: async () => {
      await running.close();
      // The lines of the last turn (the shutdown's) are written as it ends.
      await new Promise((resolve) => setImmediate(resolve));
      logs?.remove();
    },
  };
}

/** A key of a new account, made through the account service as the CLI makes one. */
export async function issueKey(runtime: Runtime): Promise<string> {
  const account = await runtime.accounts.createAccount('test');
  return (await runtime.keys.createKey(operatorOn(account.id))).key;
}
