import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir } from '@petstore/testdb';

const run = promisify(execFile);

/**
 * Podman as it runs on these machines (found by trying): runc, since crun fails on cgroups in hybrid
 * mode; cgroupfs and a file for events, since no systemd runs; ulimits of its own, since the
 * default ones are refused; and netavark, which the tests install, whatever CNI configuration the
 * podman package also ships. Read through CONTAINERS_CONF, so nothing of the machine's is changed.
 */
const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]

[network]
network_backend = "netavark"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
`;

let written: Promise<string> | undefined;

async function containersConf(): Promise<string> {
  const file = join(cacheDir(), 'podman', 'containers.conf');
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current !== CONTAINERS_CONF) {
    await mkdir(join(cacheDir(), 'podman'), { recursive: true });
    await writeFile(`${file}.${process.pid}`, CONTAINERS_CONF);
    await rename(`${file}.${process.pid}`, file);
  }
  return file;
}

/** The environment every podman (and podman-compose) command of the tests runs with. */
export async function podmanEnv(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  written ??= containersConf();
  return { ...process.env, CONTAINERS_CONF: await written, ...extra };
}

export interface CommandResult {
  stdout: string;
  stderr: string;
}

/** Runs a command with podman's environment; a failure says what the command printed last. */
export async function runWithPodman(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CommandResult> {
  try {
    return await run(command, args, {
      cwd: options.cwd,
      env: await podmanEnv(options.env),
      timeout: options.timeoutMs ?? 20 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: unknown };
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${String(code)}\n${`${stdout}\n${stderr}`.trim().slice(-4000)}`);
  }
}

export async function podman(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<string> {
  return (await runWithPodman('podman', args, options)).stdout.trim();
}

export async function imageExists(name: string): Promise<boolean> {
  return podman(['image', 'exists', name]).then(
    () => true,
    () => false,
  );
}
