import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TurnBatchedSink } from './log-sink.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatchedSink', () => {
  it('writes the lines of one turn together, in order, once the turn ends', async () => {
    const writes: string[] = [];
    const sink = new TurnBatchedSink({ write: (text: string) => writes.push(text) });
    sink.write('a\n');
    sink.write('b\n');
    sink.write('c\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n']);
    sink.write('d\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what is pending when flushed, and nothing twice', async () => {
    const writes: string[] = [];
    const sink = new TurnBatchedSink({ write: (text: string) => writes.push(text) });
    sink.write('a\n');
    sink.flush();
    await nextTurn();
    expect(writes).toEqual(['a\n']);
  });
});

describe("the service's logger", () => {
  /** A process logging through createLogger: a line at once, another when told to, then exit. */
  const script = `
    import { createLogger } from './dist/logger.js';
    const logger = createLogger({ LOG_LEVEL: 'info', PETSTORE_ENV: 'development' });
    logger.info('first');
    process.stdin.once('data', () => { logger.info('last'); process.exit(0); });
  `;

  it('shows a line while the process runs on, and the last one logged before it exits', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      const lines = (): Array<{ msg: string }> =>
        out
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { msg: string });
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (lines().some((line) => line.msg === 'first')) resolve();
        });
      });
      expect(child.exitCode).toBeNull();
      child.stdin.write('go\n');
      await once(child, 'exit');
      expect(lines().map((line) => line.msg)).toEqual(['first', 'last']);
    } finally {
      // A line that never shows would leave the child waiting for its cue.
      if (child.exitCode === null) child.kill();
    }
  }, 30_000); // a node process started and stopped: seconds on a busy CI machine
});
