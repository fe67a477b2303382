import { isDomainError } from '@petstore/domain';
import { ConfigError, loadConfig } from './config.js';
import { listenFailure } from './listen-failure.js';
import { createRuntime, type Runtime } from './runtime.js';
import { announce, serve, type RunningServer, type Service } from './serve.js';

/** sysexits.h: a bad configuration, and a service (the database) that is not there. */
export const EXIT_CONFIG = 78;
export const EXIT_UNAVAILABLE = 69;

/**
 * The body of the gateway's main.ts: config, runtime, listen, shut down on SIGTERM/SIGINT.
 * What stops a start ends the process with one clear line, never a stack trace: a bad
 * configuration with exit code 78, a database that cannot be reached with 69, so that the
 * supervisor (systemd, Kubernetes) restarts it with back-off until the database is there, and a
 * port that cannot be opened with 75 (in use) or 77 (not permitted), see listen-failure.ts.
 * Once running, an outage is answered with 503s and the service recovers by itself.
 */
export async function runMain(doors: string, build: (runtime: Runtime) => Service | Promise<Service>): Promise<void> {
  let runtime: Runtime;
  try {
    runtime = await createRuntime(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) stop(EXIT_CONFIG, error.message);
    if (isDomainError(error) && error.code === 'service_unavailable') {
      stop(EXIT_UNAVAILABLE, 'cannot start: the database at MONGODB_URI did not answer within MONGODB_TIMEOUT_MS; is it running and reachable?');
    }
    if (isDomainError(error)) stop(EXIT_CONFIG, `cannot start: ${error.message} (MONGODB_URI)`);
    throw error;
  }
  let served: Service;
  try {
    served = await build(runtime);
  } catch (error) {
    // A door reads what a variable names (a manifest, say) as it is built.
    if (error instanceof ConfigError) stop(EXIT_CONFIG, error.message);
    throw error;
  }
  let running: RunningServer;
  try {
    running = await serve(served, runtime);
  } catch (error) {
    const refusal = listenFailure(error, runtime.config.PORT);
    if (refusal) stop(refusal.exitCode, refusal.message);
    throw error;
  }
  runtime.logger.info({ port: running.port, metricsPort: running.metricsPort, store: runtime.store }, 'listening');
  // The log writes what it gathered at the end of this turn: the announcement comes after it, last.
  await new Promise((resolve) => setImmediate(resolve));
  announce(runtime, running.port, doors, running.metricsPort);
  const shutdown = (signal: string): void => {
    runtime.logger.info(
      { signal, drainSeconds: runtime.config.PETSTORE_SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: runtime.config.PETSTORE_SHUTDOWN_TIMEOUT_SECONDS },
      'shutting down',
    );
    void running.close().then(
      () => {
        runtime.logger.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        runtime.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

function stop(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}
