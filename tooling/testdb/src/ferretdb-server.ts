import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { ensureFerretDB } from './ferretdb-build.js';

export interface TestDatabaseServer {
  uri: string;
  /** Stops the server, keeping its data, as a database outage would. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /**
   * Freezes the process (SIGSTOP): connections stay open and nothing answers, as on a hung host.
   * Resolves once every thread has stopped, so nothing sent after it is answered.
   */
  pause(): Promise<void>;
  /** Lets a paused process run on (SIGCONT). */
  resume(): void;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts FerretDB on a free loopback port with the SQLite backend in a temporary folder. */
export async function startFerretDB(log: (line: string) => void = () => {}): Promise<TestDatabaseServer> {
  const binary = await ensureFerretDB(log);
  const dataDir = await mkdtemp(join(tmpdir(), 'petstore-ferretdb-'));
  let port = await freePort();
  let uri = `mongodb://127.0.0.1:${port}/`;
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    const output: string[] = [];
    child = spawn(
      binary,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dataDir}/`,
        `--state-dir=${dataDir}`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=error',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await untilChildServes(uri, child);
    } catch (error) {
      child.kill('SIGKILL');
      if (error instanceof PortTakenError) throw error;
      throw new Error(`FerretDB did not start: ${String(error)}\n${output.join('').slice(-2000)}`);
    }
  };

  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGCONT'); // a paused server cannot handle SIGTERM
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  // The port was free when chosen, but another test's server may take it before this one binds it,
  // and would then answer in its place: a few tries, each on a port of its own.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await start();
      break;
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
      port = await freePort();
      uri = `mongodb://127.0.0.1:${port}/`;
    }
  }
  return {
    uri,
    stop,
    start,
    pause: async () => {
      const running = child;
      if (running?.pid === undefined) return;
      running.kill('SIGSTOP');
      await allThreadsStopped(running.pid);
    },
    resume: () => void child?.kill('SIGCONT'),
    dispose: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A stop signal is acted on a little later, thread by thread; a command sent meanwhile could still
 * be answered. Waits until /proc shows every thread of the process stopped (state T).
 */
async function allThreadsStopped(pid: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    let states: string[];
    try {
      const tasks = await readdir(`/proc/${pid}/task`);
      states = await Promise.all(tasks.map(async (task) => threadState(await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8'))));
    } catch {
      return; // no /proc (not Linux), or the process is gone: nothing more to wait for
    }
    if (states.every((state) => state === 'T' || state === 't')) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`process ${pid} did not stop within 5 s of SIGSTOP`);
}

/** The state letter of a /proc stat line: the field after the command name, which may hold spaces and parentheses. */
function threadState(stat: string): string {
  return stat.charAt(stat.lastIndexOf(')') + 2);
}

class PortTakenError extends Error {
  constructor(uri: string) {
    super(`another server answers at ${uri}`);
  }
}

/** Waits until `child` answers at `uri`: PortTakenError when another server answers there instead. */
async function untilChildServes(uri: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
    try {
      // serverStatus, not ping: the answer must come from this child, not from whoever holds the port.
      const status = await client.db('admin').command({ serverStatus: 1 });
      if (status['pid'] !== child.pid) throw new PortTakenError(uri);
      return;
    } catch (error) {
      if (error instanceof PortTakenError || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.close();
    }
  }
}
