import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { makeOnce } from '@petstore/testdb';

const run = promisify(execFile);

/** What the container tests need from Debian: podman with runc and its network stack, debootstrap. */
const PACKAGES = ['podman', 'runc', 'netavark', 'aardvark-dns', 'iptables', 'debootstrap'];
const COMMANDS = ['podman', 'runc', 'debootstrap'];

async function missingCommands(): Promise<string[]> {
  const found = await Promise.all(
    COMMANDS.map((name) =>
      run('sh', ['-c', `command -v ${name}`]).then(
        () => true,
        () => false,
      ),
    ),
  );
  return COMMANDS.filter((_, index) => !found[index]);
}

/**
 * Installs podman, runc and debootstrap from Debian's packages when they are missing and this user
 * can (root with apt-get, as in CI), as the browser tests install Chromium: once per machine, behind
 * a lock (two apt-gets at once would wait on dpkg's lock anyway). Resolves to why the container
 * tests cannot run here, or undefined when they can.
 */
export async function ensureHostPackages(log: (line: string) => void): Promise<string | undefined> {
  const missing = await missingCommands();
  if (missing.length === 0) return undefined;
  const canInstall =
    process.getuid?.() === 0 &&
    (await run('sh', ['-c', 'command -v apt-get']).then(
      () => true,
      () => false,
    ));
  if (!canInstall) return `${missing.join(', ')} missing, and installing them needs root and apt-get`;
  const still = await makeOnce(
    'host-packages',
    async () => ((await missingCommands()).length === 0 ? [] : undefined),
    async () => {
      await install(log);
      return missingCommands();
    },
    log,
  );
  return still.length === 0 ? undefined : `${still.join(', ')} still missing after apt-get install`;
}

async function install(log: (line: string) => void): Promise<void> {
  log(`installing ${PACKAGES.join(' ')} with apt-get (first run only)…`);
  const install = ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-q', '--no-install-recommends', ...PACKAGES];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = { env, maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 };
  try {
    await run('apt-get', install, options);
  } catch {
    // A fresh machine has no package lists yet: refresh them and try once more.
    await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update', '-q'], options);
    await run('apt-get', install, options);
  }
}
