import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerClientErrors, metricsListener } from '@petstore/http';
import { cliCommand } from './cli-command.js';
import type { Runtime } from './runtime.js';

const BACKSTOP_MARGIN_MS = 2000;

/**
 * What a process serves (composeDoors): its request listener, and what must start before the
 * server listens and stop once it takes no more requests (Apollo, for the GraphQL door).
 */
export interface Service {
  listener: RequestListener;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunningServer {
  server: Server;
  port: number;
  /** The internal port /metrics is served on, when PETSTORE_METRICS_PORT is set. */
  metricsPort: number | undefined;
  /**
   * Shuts down gracefully: readiness fails (503) while the server still listens and serves for
   * PETSTORE_SHUTDOWN_DRAIN_SECONDS, then no new connections are accepted, requests in flight
   * finish (their answers say `Connection: close`), connections still busy after
   * PETSTORE_SHUTDOWN_TIMEOUT_SECONDS are destroyed, then the store is closed.
   */
  close: () => Promise<void>;
}

/**
 * Listens on the configured port with the service, an app built on the runtime's HTTP shell (request
 * ids, access log, metrics, security and CORS headers, every answer written by its exchange), and
 * the server's own limits: the header size with a JSON 431, the header and body deadline with a JSON 408.
 */
export async function serve(service: Service, runtime: Runtime): Promise<RunningServer> {
  const { config } = runtime;
  let closing: Promise<void> | undefined;
  await service.start();
  const bodyTimeoutMs = config.PETSTORE_BODY_TIMEOUT_SECONDS * 1000;
  const server = createServer(
    {
      maxHeaderSize: config.PETSTORE_MAX_HEADER_BYTES,
      // Headers that do not arrive in time get a JSON 408 from answerClientErrors. A body has the
      // same deadline, kept by the envelope's reader (a JSON 408 in the door's shape); Node's
      // request deadline is only the backstop for bodies no door reads, a little later so the
      // reader answers first. Node checks them every connectionsCheckingInterval.
      headersTimeout: bodyTimeoutMs,
      requestTimeout: bodyTimeoutMs + BACKSTOP_MARGIN_MS,
      connectionsCheckingInterval: Math.min(1000, bodyTimeoutMs / 2),
    },
    service.listener,
  );
  answerClientErrors(server, runtime.logger, runtime.metrics);
  const port = await listen(server, config.PORT, config.HOST);
  runtime.listening(port);
  const metricsServer =
    config.PETSTORE_METRICS_PORT === undefined
      ? undefined
      : createServer(metricsListener({ logger: runtime.logger, metrics: runtime.metrics, metricsToken: config.PETSTORE_METRICS_TOKEN }));
  const metricsPort = metricsServer && (await listen(metricsServer, config.PETSTORE_METRICS_PORT ?? 0, config.HOST));
  const close = (): Promise<void> => {
    closing ??= (async () => {
      runtime.drain();
      // Load balancers learn of the shutdown from /readyz (or, on Kubernetes, the endpoints) only
      // after a while: until then requests still come, so keep answering them, and /readyz 503.
      await sleep(config.PETSTORE_SHUTDOWN_DRAIN_SECONDS * 1000);
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
      metricsServer?.closeAllConnections();
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await service.stop();
      await runtime.close();
    })();
    return closing;
  };
  return { server, port, metricsPort, close };
}

async function listen(server: Server, port: number, host: string | undefined): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, ...(host && { host }) }, resolve);
  });
  return (server.address() as AddressInfo).port;
}

/** What the mail backend chosen at start-up means for a person reading the output. */
const MAIL_NOTES = {
  mail: undefined,
  output: 'mail: no SMTP server (PETSTORE_SMTP_URL), so every message is written whole to this output instead (development)',
  none: `mail: none (PETSTORE_SMTP_URL is not set); people get their links from the operator (\`petstore people reset-link\`)`,
};

/**
 * Prints what a person starting the server must know, after everything else it prints at start:
 * notes first, then, framed so they stand out from the log, the one origin to open (the origin of
 * every link the service makes), its addresses, and the development key. Written at once.
 */
export function announce(runtime: Runtime, port: number, doors: string, metricsPort?: number): void {
  const { config } = runtime;
  const notes = [`pet store listening on port ${port} of ${config.HOST ?? 'every interface'} (${doors})`];
  if (metricsPort !== undefined) notes.push(`metrics on port ${metricsPort} (/metrics)`);
  if (runtime.store === 'memory') {
    notes.push('store: embedded in-memory store — every pet and key is LOST when this process exits; set MONGODB_URI to keep data');
  } else {
    notes.push(`store: MongoDB; operators create keys with \`${cliCommand()} keys create --account <id>\``);
  }
  const mail = MAIL_NOTES[runtime.people.mailDelivery];
  if (mail) notes.push(mail);
  const origin = runtime.publicOrigin();
  const framed = [
    `Open ${origin}/portal (one origin for everything: links, passkeys, the examples)`,
    `  docs     ${origin}/docs`,
    `  REST     ${origin}/v1/pets`,
    `  GraphQL  ${origin}/graphql`,
    `  tRPC     ${origin}/trpc`,
  ];
  if (runtime.devKey) {
    framed.push(
      '',
      runtime.devKey.generated ? `development API key (shown once): ${runtime.devKey.key}` : 'development API key: the value of PETSTORE_DEV_API_KEY',
    );
  }
  process.stdout.write(`${[...notes, ...frame(framed)].join('\n')}\n`);
}

/** The lines in a box of box-drawing characters, open on the right so a long line (the key) never breaks it. */
function frame(lines: string[]): string[] {
  const rule = '─'.repeat(Math.min(TERMINAL_WIDTH - 1, Math.max(...lines.map((line) => line.length)) + 2));
  return [`┌${rule}`, ...lines.map((line) => (line === '' ? '│' : `│ ${line}`)), `└${rule}`];
}

/** The width of the narrowest terminal in common use: the frame's rules fit in it. */
const TERMINAL_WIDTH = 80;
