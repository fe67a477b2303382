import { createServer } from 'node:net';

/** A free loopback port, so that PUBLIC_BASE_URL can name it before the gateway listens on it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
