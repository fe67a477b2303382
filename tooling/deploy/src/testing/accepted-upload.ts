import { request, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request's head with `Expect: 100-continue` and resolves once the server has taken it (it
 * answered 100 Continue: the key is checked, the body awaited). `finish` sends the body and
 * resolves to the answer; an upload never finished is what a shutdown must cut at its timeout.
 */
export function acceptedUpload(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ finish(): Promise<Answer>; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let answer = (_: Answer): void => {};
    const answered = new Promise<Answer>((settle) => (answer = settle));
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { ...headers, Expect: '100-continue', 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => answer({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    const closed = new Promise<void>((settle) => req.on('close', () => settle()));
    req.on('error', reject);
    req.on('continue', () =>
      resolve({
        finish: () => {
          req.end(body);
          return answered;
        },
        closed,
      }),
    );
    req.flushHeaders();
  });
}
