import type { RequestListener } from 'node:http';
import { Writable } from 'node:stream';
import { systemClock, type Clock, type RateLimiter } from '@petstore/domain';
import { createRuntime, loadConfig, openStores, serve, type Runtime, type Service, type Stores } from '@petstore/runtime';
import { uniqueName } from '@petstore/testing';

export interface ServiceOptions {
  /** MongoDB to use, each service in a fresh database of its own; the embedded store when null or absent. */
  mongodbUri?: string | null | undefined;
  /** Service configuration, as the environment would give it (PETSTORE_MAX_BODY_BYTES, …). */
  env?: Record<string, string | undefined>;
  clock?: Clock | undefined;
  /** Replaces the limiter the configuration describes. */
  rateLimiter?: RateLimiter | undefined;
  /** Receives every log line, parsed; logs are silent without one unless `env` sets LOG_LEVEL. */
  logSink?: ((line: Record<string, unknown>) => void) | undefined;
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
  close: () => Promise<void>;
}

/**
 * Starts any door, or the gateway, as its main.ts would: configuration through loadConfig,
 * the service wired by createRuntime, served by serve() on a free loopback port. `build` makes
 * the door's request listener from the runtime (`(rt) => buildRestApp(rt).callback()`), or a
 * Service that serve() starts before it listens and stops on close (`(rt) => buildGateway(rt)`).
 */
export async function startService(
  build: (runtime: Runtime) => RequestListener | Service | Promise<RequestListener | Service>,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: options.logSink ? 'info' : 'silent',
    ...(options.mongodbUri && { MONGODB_URI: options.mongodbUri, MONGODB_DB: uniqueName('petstore_test') }),
    ...options.env,
  });
  const clock = options.clock;
  const opened = options.stores ? options.stores(await openStores(config, clock ?? systemClock)) : undefined;
  const runtime = await createRuntime(config, {
    ...(clock && { clock }),
    ...(opened && { stores: opened }),
    ...(options.rateLimiter && { rateLimiter: options.rateLimiter }),
    ...(options.logSink && { logDestination: lineSink(options.logSink) }),
  });
  const apiKey = runtime.devKey?.key ?? (await issueKey(runtime));
  const running = await serve(await build(runtime), runtime);
  return { baseUrl: `http://127.0.0.1:${running.port}`, port: running.port, apiKey, runtime, metricsPort: running.metricsPort, close: running.close };
}

/** A key of a new account, made through the account service as the CLI makes one. */
export async function issueKey(runtime: Runtime): Promise<string> {
  const account = await runtime.accounts.createAccount('test');
  return (await runtime.accounts.createKey(account.id)).key;
}

function lineSink(sink: (line: Record<string, unknown>) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') sink(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
}
