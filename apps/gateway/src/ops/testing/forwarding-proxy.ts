import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * A reverse proxy as load balancers are (nginx's `$proxy_add_x_forwarded_for`): it forwards each
 * request to the service on 127.0.0.1:`target`, appending the address the request came from to
 * whatever X-Forwarded-For the client sent.
 */
export async function startForwardingProxy(target: number): Promise<ForwardingProxy> {
  const server: Server = createServer((req, res) => {
    const sent = req.headers['x-forwarded-for'];
    const forwarded = [sent, req.socket.remoteAddress].filter((part) => part !== undefined && part !== '').join(', ');
    const upstream = request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
