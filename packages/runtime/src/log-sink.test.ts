import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from './config.js';
import { fileLogSink, TurnBatchedSink } from './log-sink.js';
import { createLogger } from './logger.js';

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

describe('the log written to LOG_FILE', () => {
  const made: string[] = [];
  const directory = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-log-sink-'));
    made.push(folder);
    return folder;
  };
  afterAll(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  const linesOf = (path: string): string[] => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : []);

  it('appends each turn’s lines to the file by its name, so a log rotated away is followed', async () => {
    const path = join(directory(), 'service.log');
    const sink = fileLogSink(path);
    sink.write('a\n');
    await nextTurn();
    renameSync(path, `${path}.1`);
    sink.write('b\n');
    await nextTurn();
    expect({ rotated: linesOf(`${path}.1`), current: linesOf(path) }).toEqual({ rotated: ['a'], current: ['b'] });
  });

  it('loses the lines it cannot write, says so once on stderr, and writes again once it can', async () => {
    const folder = directory();
    const path = join(folder, 'service.log');
    const sink = fileLogSink(path);
    rmSync(folder, { recursive: true });
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (const line of ['lost 1\n', 'lost 2\n']) {
        sink.write(line);
        await nextTurn();
      }
      expect(said.mock.calls.map(([text]) => String(text))).toEqual([expect.stringMatching(/^cannot append to LOG_FILE \(ENOENT\)/)]);
    } finally {
      said.mockRestore();
    }
    mkdirSync(folder);
    sink.write('kept\n');
    await nextTurn();
    expect(linesOf(path)).toEqual(['kept']);
  });

  it('stops the start, naming LOG_FILE but not its value, when the file cannot be written', () => {
    const path = join(directory(), 'missing-folder', 'service.log');
    const start = () => createLogger({ LOG_LEVEL: 'info', PETSTORE_ENV: 'development', LOG_FILE: path });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/^invalid configuration: LOG_FILE cannot be appended to \(ENOENT\)$/);
  });

  it('holds every line a process logged, the last one before it exits included, and stdout none', async () => {
    const path = join(directory(), 'service.log');
    const script = `
      import { createLogger } from './dist/logger.js';
      const logger = createLogger({ LOG_LEVEL: 'info', PETSTORE_ENV: 'development', LOG_FILE: process.env.LOG_FILE });
      logger.info('first');
      process.stdin.once('data', () => { logger.info('last'); process.exit(0); });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, LOG_FILE: path },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      const messages = () => linesOf(path).map((line) => (JSON.parse(line) as { msg: string }).msg);
      while (!messages().includes('first')) await new Promise((resolve) => setTimeout(resolve, 20));
      child.stdin.write('go\n');
      await once(child, 'exit');
      expect({ file: messages(), stdout: out }).toEqual({ file: ['first', 'last'], stdout: '' });
    } finally {
      if (child.exitCode === null) child.kill();
    }
  }, 30_000);
});
