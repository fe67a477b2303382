import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from './cache-dir.js';
import { mayMake, NotPrepared } from './preparation.js';

interface Owner {
  pid: number;
  host: string;
  since: number;
}

/** A lock older than this is taken to be left behind, whoever holds it (a pid reused, another host). */
const STALE_AFTER_MS = 60 * 60_000;
/** A lock folder without its owner file for this long was left by a process that died making it. */
const UNOWNED_GRACE_MS = 10_000;
const POLL_MS = 500;

/**
 * Runs `work` while holding the machine-wide lock `name` (a folder in the cache folder: mkdir is
 * atomic), so that what is slow to make (FerretDB, the Debian base, the images) is made by one
 * test process while the others wait for it, then find it made. A lock whose owner is no longer
 * running on this host, or that is older than an hour, is taken over; should two waiters take over
 * the same stale lock at once, both run `work`, which is why every `work` also finishes with an
 * atomic rename or an idempotent command.
 */
export async function withCacheLock<T>(name: string, work: () => Promise<T>, log: (line: string) => void = () => {}): Promise<T> {
  const lock = join(cacheDir(), 'locks', `${name}.lock`);
  await mkdir(join(cacheDir(), 'locks'), { recursive: true });
  let waitingFor: number | undefined;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lock);
    if (await isStale(lock, owner)) {
      log(`taking over the lock ${name}, left by ${owner ? `process ${owner.pid} on ${owner.host}` : 'a process that died'}`);
      const trash = `${lock}.stale-${process.pid}-${Date.now()}`;
      try {
        await rename(lock, trash);
        await rm(trash, { recursive: true, force: true });
      } catch {
        // another waiter moved it first
      }
      continue;
    }
    if (owner && owner.pid !== waitingFor) {
      waitingFor = owner.pid;
      log(`waiting for process ${owner.pid} to finish ${name}…`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    await writeFile(join(lock, 'owner.json'), JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() } satisfies Owner));
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * What is made once per machine: `find` says where it is when it is made, `make` makes it. Only a
 * caller that does not find it takes the lock, and asks `find` again once it holds it, so the
 * processes that waited for the first one take what it made instead of making it again. A test
 * process under CI does not make it: it fails with NotPrepared instead (see preparation.ts).
 */
export async function makeOnce<T>(
  name: string,
  find: () => Promise<T | undefined> | T | undefined,
  make: () => Promise<T>,
  log: (line: string) => void = () => {},
): Promise<T> {
  const makeIfAllowed = (): Promise<T> => {
    if (!mayMake()) throw new NotPrepared(name);
    return make();
  };
  return (await find()) ?? withCacheLock(name, async () => (await find()) ?? makeIfAllowed(), log);
}

async function readOwner(lock: string): Promise<Owner | undefined> {
  try {
    return JSON.parse(await readFile(join(lock, 'owner.json'), 'utf8')) as Owner;
  } catch {
    return undefined; // not written yet, or the lock was just released
  }
}

async function isStale(lock: string, owner: Owner | undefined): Promise<boolean> {
  if (!owner) {
    const made = await stat(lock).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    return made !== undefined && Date.now() - made > UNOWNED_GRACE_MS;
  }
  if (Date.now() - owner.since > STALE_AFTER_MS) return true;
  return owner.host === hostname() && !isRunning(owner.pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
