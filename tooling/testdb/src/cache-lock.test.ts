import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeOnce, withCacheLock } from './cache-lock.js';

const run = promisify(execFile);
const BUILT = new URL('../dist/cache-lock.js', import.meta.url).href;
const PREPARATION = new URL('../dist/preparation.js', import.meta.url).href;

/** A process that makes `thing` once under the lock, as ensureFerretDB does, and logs what it did. */
const maker = `
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
const { withCacheLock } = await import(${JSON.stringify(BUILT)});
const dir = process.env.PETSTORE_CACHE_DIR;
const log = (line) => appendFile(join(dir, 'log'), line + '\\n');
await withCacheLock('thing', async () => {
  await log('enter ' + process.pid);
  const made = await readFile(join(dir, 'thing'), 'utf8').catch(() => undefined);
  if (!made) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(join(dir, 'thing'), 'made by ' + process.pid);
    await log('made ' + process.pid);
  }
  await log('leave ' + process.pid);
});
`;

/**
 * A process that asks for `thing` with makeOnce, and logs whether it made it or found it. With
 * PREPARING set it is the preparation step (which may make things under CI); without, a test process.
 */
const asker = `
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
const { makeOnce } = await import(${JSON.stringify(BUILT)});
if (process.env.PREPARING) (await import(${JSON.stringify(PREPARATION)})).makingHere();
const dir = process.env.PETSTORE_CACHE_DIR;
const file = join(dir, 'thing');
const got = await makeOnce(
  'thing',
  () => readFile(file, 'utf8').catch(() => undefined),
  async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(file, 'made by ' + process.pid);
    await appendFile(join(dir, 'log'), 'made ' + process.pid + '\\n');
    return 'made by ' + process.pid;
  },
);
await appendFile(join(dir, 'log'), 'got ' + got + '\\n');
`;

describe('withCacheLock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-lock-'));
    process.env['PETSTORE_CACHE_DIR'] = dir;
  });
  afterEach(async () => {
    delete process.env['PETSTORE_CACHE_DIR'];
    await rm(dir, { recursive: true, force: true });
  });

  it('lets one of several processes make a thing while the others wait, one at a time', async () => {
    const env = { ...process.env, PETSTORE_CACHE_DIR: dir };
    await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, ['--input-type=module', '-e', maker], { env })));
    const lines = (await readFile(join(dir, 'log'), 'utf8')).trim().split('\n');
    expect(lines.filter((line) => line.startsWith('made'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('enter'))).toHaveLength(4);
    // Never two holders at once: every enter is followed by its own leave before the next enter.
    for (let i = 0; i < lines.length; i += 1) {
      const [what, pid] = (lines[i] ?? '').split(' ');
      if (what === 'enter') expect(lines.slice(i + 1).find((line) => !line.startsWith('made'))).toBe(`leave ${pid}`);
    }
  }, 60_000);

  it('makes a second caller wait until the first one is done', async () => {
    const order: string[] = [];
    let release = (): void => {};
    const first = withCacheLock('thing', async () => {
      order.push('first in');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first out');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = withCacheLock('thing', async () => void order.push('second in'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('takes over a lock left by a process that is no longer running', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    await mkdir(join(dir, 'locks', 'thing.lock'), { recursive: true });
    await writeFile(join(dir, 'locks', 'thing.lock', 'owner.json'), JSON.stringify({ pid: dead.pid, host: hostname(), since: Date.now() }));
    const said: string[] = [];
    expect(
      await withCacheLock(
        'thing',
        async () => 'ran',
        (line) => said.push(line),
      ),
    ).toBe('ran');
    expect(said.join('\n')).toContain(`left by process ${dead.pid}`);
  });

  it('keeps waiting for a lock whose holder is still running', async () => {
    await mkdir(join(dir, 'locks', 'thing.lock'), { recursive: true });
    await writeFile(join(dir, 'locks', 'thing.lock', 'owner.json'), JSON.stringify({ pid: process.ppid, host: hostname(), since: Date.now() }));
    let ran = false;
    const waiting = withCacheLock('thing', async () => void (ran = true));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toBe(false);
    await rm(join(dir, 'locks', 'thing.lock'), { recursive: true });
    await waiting;
    expect(ran).toBe(true);
  });

  it('makeOnce: of several processes asking at once, one makes the thing and every one gets it', async () => {
    const env = { ...process.env, PETSTORE_CACHE_DIR: dir, PREPARING: '1' };
    await Promise.all(Array.from({ length: 4 }, () => run(process.execPath, ['--input-type=module', '-e', asker], { env })));
    const lines = (await readFile(join(dir, 'log'), 'utf8')).trim().split('\n');
    const made = lines.filter((line) => line.startsWith('made '));
    expect(made).toHaveLength(1);
    const maker = made[0]?.slice('made '.length);
    expect(lines.filter((line) => line.startsWith('got '))).toEqual(Array.from({ length: 4 }, () => `got made by ${maker}`));
  }, 60_000);

  it('makeOnce: under CI, a test process does not make what is missing, and says to run the preparation', async () => {
    const env = { ...process.env, PETSTORE_CACHE_DIR: dir, CI: 'true' };
    const failed = await run(process.execPath, ['--input-type=module', '-e', asker], { env }).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    expect(failed).toContain('thing is not made yet');
    expect(failed).toContain('npm run prepare-tests');
    expect(existsSync(join(dir, 'thing'))).toBe(false);
    // The preparation step makes it under CI, after which the test process finds it.
    await run(process.execPath, ['--input-type=module', '-e', asker], { env: { ...env, PREPARING: '1' } });
    await run(process.execPath, ['--input-type=module', '-e', asker], { env });
    const lines = (await readFile(join(dir, 'log'), 'utf8')).trim().split('\n');
    expect(lines.filter((line) => line.startsWith('made '))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('got '))).toHaveLength(2);
  }, 60_000);

  it('makeOnce: a thing already made is taken without waiting for the lock', async () => {
    // A holder that is still running: anyone who took the lock would wait for it.
    await mkdir(join(dir, 'locks', 'thing.lock'), { recursive: true });
    await writeFile(join(dir, 'locks', 'thing.lock', 'owner.json'), JSON.stringify({ pid: process.ppid, host: hostname(), since: Date.now() }));
    let made = false;
    const got = await makeOnce(
      'thing',
      () => 'found',
      async () => {
        made = true;
        return 'made';
      },
    );
    expect({ got, made }).toEqual({ got: 'found', made: false });
  });
});
