import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseCpuList } from './cpu-list.js';

/** Which core runs the servers under test and which runs the load generator. */
export interface Pinning {
  serverCpu: number;
  loadCpu: number;
}

/**
 * The first two CPUs this process may run on, when there are two and taskset is installed;
 * otherwise null, and the bench runs unpinned (and says so).
 */
export function choosePinning(): Pinning | null {
  if (process.platform !== 'linux') return null;
  if (spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status !== 0) return null;
  const allowed = /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  const cpus = allowed ? parseCpuList(allowed) : [];
  const [serverCpu, loadCpu] = cpus;
  return serverCpu === undefined || loadCpu === undefined ? null : { serverCpu, loadCpu };
}

/** Pins every thread of a running process to one CPU (threads it starts later inherit it). */
export function pinProcess(pid: number, cpu: number): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset could not pin ${pid} to CPU ${cpu}: ${result.stderr.trim()}`);
}

/** Pids of this process's children whose command name starts with `name` (from /proc/<pid>/stat). */
export function childPidsNamed(name: string, parent = process.pid): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid ...; comm may hold spaces and parentheses, so split at the last ')'.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(open + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    if (ppid === parent && comm.startsWith(name)) pids.push(Number(entry));
  }
  return pids;
}

/** Peak resident memory of a live process (VmHWM), in bytes; undefined once it has exited. */
export function peakRssBytes(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s*(\d+)\s*kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

let ticksPerSecond: number | undefined;

/** CPU time a live process has used so far (user + system), in seconds; undefined once it has exited. */
export function cpuSeconds(pid: number): number | undefined {
  ticksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
