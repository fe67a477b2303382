import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError, httpShell } from '@petstore/http';
import type { Runtime } from './runtime.js';

export interface RunningServer {
  server: Server;
  port: number;
  /**
   * Shuts down gracefully: readiness fails, no new connections are accepted, requests in flight
   * finish (their answers say `Connection: close`), connections still busy after
   * PETSTORE_SHUTDOWN_TIMEOUT_SECONDS are destroyed, then the store is closed.
   */
  close: () => Promise<void>;
}

/**
 * Listens on the configured port with the service's HTTP shell around the app: request ids,
 * access log, metrics, security and CORS headers, and the header size limit with a JSON 431.
 */
export async function serve(app: RequestListener, runtime: Runtime): Promise<RunningServer> {
  const { config } = runtime;
  let closing: Promise<void> | undefined;
  const shell = httpShell(app, {
    logger: runtime.logger,
    metrics: runtime.metrics,
    corsOrigins: config.PETSTORE_CORS_ORIGINS,
    https: runtime.publicBaseUrl.startsWith('https://'),
    metricsToken: config.PETSTORE_METRICS_TOKEN,
  });
  const server = createServer({ maxHeaderSize: config.PETSTORE_MAX_HEADER_BYTES }, shell);
  server.on('clientError', answerClientError(runtime.logger, runtime.metrics));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.PORT, ...(config.HOST && { host: config.HOST }) }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      runtime.drain();
      shell.drain();
      const timeoutMs = config.PETSTORE_SHUTDOWN_TIMEOUT_SECONDS * 1000;
      const timer = setTimeout(() => {
        runtime.logger.warn({ timeoutSeconds: config.PETSTORE_SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown timeout: closing the connections still open');
        server.closeAllConnections();
      }, timeoutMs);
      // Keep-alive connections turn idle as their last answer goes out; close each as it does.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      await new Promise<void>((resolve) => {
        server.close(() => resolve()); // stops accepting and closes the connections idle now
      });
      clearInterval(sweep);
      clearTimeout(timer);
      await runtime.close();
    })();
    return closing;
  };
  return { server, port, close };
}

/** Prints what a person starting the server must know; the only output that is not a JSON log line. */
export function announce(runtime: Runtime, port: number, doors: string): void {
  const lines = [`pet store listening on port ${port} (${doors})`];
  if (runtime.store === 'memory') {
    lines.push('store: embedded in-memory store — every pet and key is LOST when this process exits; set MONGODB_URI to keep data');
    if (runtime.devKey?.generated) lines.push(`development API key (shown once): ${runtime.devKey.key}`);
    else lines.push('development API key: the value of PETSTORE_DEV_API_KEY');
  } else {
    lines.push('store: MongoDB; create keys with `npm run petstore -- keys create --account <id>`');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
