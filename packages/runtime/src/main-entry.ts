import type { RequestListener } from 'node:http';
import { ConfigError, loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';
import { announce, serve } from './serve.js';

/**
 * The body of every app's main.ts: config, runtime, listen, shut down on SIGTERM/SIGINT.
 * A bad configuration ends the process with one clear line and exit code 78 (EX_CONFIG).
 */
export async function runMain(
  doors: string,
  build: (runtime: Runtime) => RequestListener | Promise<RequestListener>,
): Promise<void> {
  let runtime: Runtime;
  try {
    runtime = await createRuntime(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const running = await serve(await build(runtime), runtime);
  announce(runtime, running.port, doors);
  runtime.logger.info({ port: running.port, store: runtime.store }, 'listening');
  const shutdown = (signal: string): void => {
    runtime.logger.info({ signal }, 'shutting down');
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
