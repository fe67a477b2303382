import { request, type IncomingHttpHeaders } from 'node:http';

export type RawAnswer = { kind: 'answer'; status: number; headers: IncomingHttpHeaders; body: string } | { kind: 'failed'; code: string };

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address the request leaves from (127.0.0.2, 127.0.0.3, …: all of 127/8 is this machine's on Linux). */
  from?: string;
}

/** One request on a connection of its own (no keep-alive), so nothing is reused across a shutdown. */
export function rawRequest(port: number, call: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const where = { host: '127.0.0.1', port, ...(call.from !== undefined && { localAddress: call.from }) };
    const req = request({ ...where, method: call.method, path: call.path, headers: call.headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'failed', code: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'failed', code: error.code ?? error.message }));
    req.end(call.body);
  });
}

/**
 * A request the server has provably accepted: its head is sent with `Expect: 100-continue`, and
 * this resolves once the server said "continue". `finish()` then sends the body and waits for the answer.
 */
export function acceptedRequest(port: number, call: RawRequest & { body: string }): Promise<{ finish(): Promise<RawAnswer> }> {
  return new Promise((resolve, reject) => {
    let settle: (answer: RawAnswer) => void = () => {};
    const answered = new Promise<RawAnswer>((done) => (settle = done));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        agent: false,
        headers: { ...call.headers, Expect: '100-continue', 'Content-Length': String(Buffer.byteLength(call.body)) },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => settle({ kind: 'answer', status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      settle({ kind: 'failed', code: error.code ?? error.message });
      reject(error);
    });
    req.on('continue', () =>
      resolve({
        finish: () => {
          req.end(call.body);
          return answered;
        },
      }),
    );
    req.flushHeaders();
  });
}
