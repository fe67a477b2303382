import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Runtime } from './runtime.js';

export interface RunningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Listens on the configured port and closes cleanly: stop accepting, finish in-flight requests, close the store. */
export async function serve(handler: RequestListener, runtime: Runtime): Promise<RunningServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: runtime.config.PORT, ...(runtime.config.HOST && { host: runtime.config.HOST }) }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
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
