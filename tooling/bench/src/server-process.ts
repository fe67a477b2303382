import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadyMessage, StoppedMessage } from './servers/ipc.js';
import { peakRssBytes } from './pinning.js';

export type ServerEntry = 'b0' | 'k0' | 'l0' | 'a0' | 't0' | 'peer' | 'd0' | 'd0-insert' | 'gateway';

export interface ServerOptions {
  entry: ServerEntry;
  env: Record<string, string>;
  /** CPU to pin the child to, or null to leave it unpinned. */
  cpu: number | null;
  nodeArgs?: string[];
  /** How long the child may take to seed and listen. */
  readyTimeoutMs?: number;
}

export interface ServerProcess {
  pid: number;
  ready: ReadyMessage;
  baseUrl: string;
  /** Peak resident memory so far: VmHWM while alive, else what the child reported on stopping. */
  peakRssBytes(): number | undefined;
  stop(): Promise<void>;
}

/** Starts one server under test in its own node process, pinned with `taskset -c <cpu>` when asked. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const script = fileURLToPath(new URL(`./servers/${options.entry}.js`, import.meta.url));
  const nodeCommand = [process.execPath, ...(options.nodeArgs ?? []), script];
  const [command, ...args] = options.cpu === null ? nodeCommand : ['taskset', '-c', String(options.cpu), ...nodeCommand];
  // taskset execs node in place, so the child's pid and its IPC channel are node's own.
  const child = spawn(command as string, args, { env: options.env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start the ${options.entry} server`);
  let reportedMaxRss: number | undefined;
  child.on('message', (message: StoppedMessage) => {
    if (message.type === 'stopped') reportedMaxRss = message.maxRssKb * 1024;
  });
  const ready = await waitForReady(child, options.entry, options.readyTimeoutMs ?? 120_000);
  return {
    pid,
    ready,
    baseUrl: `http://127.0.0.1:${ready.port}`,
    peakRssBytes: () => peakRssBytes(pid) ?? reportedMaxRss,
    stop: () => stopChild(child),
  };
}

function waitForReady(child: ChildProcess, entry: string, timeoutMs: number): Promise<ReadyMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${entry} server did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`the ${entry} server exited before listening (${signal ?? `code ${code}`})`));
    };
    child.once('exit', onExit);
    child.on('message', (message: ReadyMessage) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  // A profiled child writes its profile on exit, which takes a moment for a long run.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
