import type { DestinationStream } from 'pino';

interface Output {
  write(text: string): unknown;
}

/**
 * Log lines gathered over one turn of the event loop and written out together when it ends: a
 * busy turn's access-log lines take one write between them, and no line waits longer than the
 * turn it was logged in, so a quiet service's log shows each line at once. (pino's own buffered
 * destination held lines until 4 KiB had gathered, which on a quiet service is never, and its
 * bookkeeping per line cost several times what this does.)
 */
export class TurnBatchedSink implements DestinationStream {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly output: Output) {}

  write(line: string): void {
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Writes what is pending now; the sink keeps working after. */
  readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.output.write(text);
  };
}

let stdoutSink: TurnBatchedSink | undefined;

/**
 * The process's one sink on standard output. On Linux a write to stdout is synchronous whether it
 * is a file, a pipe or a terminal, so what is pending when the process exits is written on exit.
 */
export function stdoutLogSink(): TurnBatchedSink {
  if (!stdoutSink) {
    const sink = new TurnBatchedSink(process.stdout);
    process.on('exit', sink.flush);
    stdoutSink = sink;
  }
  return stdoutSink;
}
