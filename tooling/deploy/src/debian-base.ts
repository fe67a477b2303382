import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir, makeOnce } from '@petstore/testdb';
import { imageExists, podman } from './podman.js';

const run = promisify(execFile);

/** The base the tests build the Containerfile on (its BASE build argument), made here. */
export const DEBIAN_BASE = 'localhost/petstore-debian:trixie';
const SCRIPT = new URL('../scripts/debian-base.sh', import.meta.url).pathname;

/**
 * Makes the Debian base once per machine: debootstrap into a tarball kept in the cache folder
 * (about a minute), imported into podman's storage; later runs find the image, or import the
 * tarball again when the image was removed. Behind a lock, so concurrent runs make it once.
 */
export async function ensureDebianBase(log: (line: string) => void): Promise<string> {
  return makeOnce(
    'debian-base',
    async () => ((await imageExists(DEBIAN_BASE)) ? DEBIAN_BASE : undefined),
    async () => {
      const tarball = join(cacheDir(), 'debian-trixie-minbase.tar');
      if (!existsSync(tarball)) {
        log('making a Debian trixie base with debootstrap (first run only, about a minute)…');
        await mkdir(cacheDir(), { recursive: true });
        await run('sh', [SCRIPT, tarball], { maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 });
      }
      await podman(['import', '--change', 'CMD ["bash"]', tarball, DEBIAN_BASE]);
      return DEBIAN_BASE;
    },
    log,
  );
}
