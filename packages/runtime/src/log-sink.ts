import { appendFileSync } from 'node:fs';
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

const fileSinks = new Map<string, TurnBatchedSink>();

/**
 * The process's one sink appending to `path` (LOG_FILE). Each batch opens the file by its name,
 * so a log rotated away (moved, then a new file made) is followed without a signal; the write is
 * synchronous, like stdout's, so what is pending when the process exits is written on exit.
 */
export function fileLogSink(path: string): TurnBatchedSink {
  let sink = fileSinks.get(path);
  if (!sink) {
    if (fileSinks.size === 0) process.on('exit', () => fileSinks.forEach((each) => each.flush()));
    sink = new TurnBatchedSink(appendingTo(path));
    fileSinks.set(path, sink);
  }
  return sink;
}

/**
 * Appends to the file. A file that can no longer be written (its directory gone, its disk full)
 * loses the lines, said once on stderr each time it starts failing, but never stops the service
 * serving: a lost log line costs less than the requests a crash would drop.
 */
function appendingTo(path: string): Output {
  let failing = false;
  return {
    write(text: string) {
      try {
        appendFileSync(path, text);
        failing = false;
      } catch (error) {
        if (!failing)
          process.stderr.write(
            `cannot append to LOG_FILE (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}): log lines are lost until it can\n`,
          );
        failing = true;
      }
    },
  };
}
