import { connect, type Socket } from 'node:net';

export interface SocketAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * A client on a bare socket, for what fetch cannot do: send a request head and only part of its
 * body, then wait for the server (a slow upload), or go away mid-body (an aborted one).
 */
export class PartialUpload {
  private readonly socket: Socket;
  private received = '';
  private readonly ended: Promise<void>;

  constructor(port: number, head: string) {
    this.socket = connect({ host: '127.0.0.1', port });
    this.socket.on('data', (chunk: Buffer) => (this.received += chunk.toString('utf8')));
    this.ended = new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.once('error', () => resolve());
    });
    this.socket.write(head);
  }

  /** Resolves once the server answered `100 Continue`, that is once a door is handling the request. */
  async continued(): Promise<void> {
    while (!this.received.includes('100 Continue')) {
      if (this.socket.destroyed) throw new Error('the connection closed before 100 Continue');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }

  abort(): void {
    this.socket.destroy();
  }

  /** Waits until the server closes the connection, and reads the final answer on it. */
  async answer(): Promise<SocketAnswer> {
    await this.ended;
    const text = this.received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    const [head = '', body = ''] = text.split('\r\n\r\n', 2);
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body, closed: true };
  }
}

/** A request head with the given headers and a declared body length. */
export function requestHead(method: string, path: string, headers: Record<string, string>): string {
  const lines = Object.entries({ Host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
