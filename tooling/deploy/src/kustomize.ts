import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir, withCacheLock } from '@petstore/testdb';

const run = promisify(execFile);

/** The kustomize that renders deploy/ in the tests; `kubectl apply -k` embeds one of the same major. */
export const KUSTOMIZE_VERSION = 'v5.7.1';
const MODULE = 'sigs.k8s.io/kustomize/kustomize/v5';

/** Builds kustomize from the Go module proxy once per machine (a couple of minutes), behind a lock. */
export async function ensureKustomize(log: (line: string) => void): Promise<string> {
  const binary = join(cacheDir(), `kustomize-${KUSTOMIZE_VERSION}`, 'kustomize');
  if (existsSync(binary)) return binary;
  return withCacheLock(
    'kustomize',
    async () => {
      if (existsSync(binary)) return binary;
      log(`building kustomize ${KUSTOMIZE_VERSION} with Go (first run only)…`);
      await mkdir(cacheDir(), { recursive: true });
      const work = await mkdtemp(join(cacheDir(), 'kustomize-build-'));
      try {
        await run('go', ['install', `${MODULE}@${KUSTOMIZE_VERSION}`], {
          env: { ...process.env, GOBIN: work, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' },
          maxBuffer: 16 * 1024 * 1024,
          timeout: 20 * 60_000,
        });
        await mkdir(dirname(binary), { recursive: true });
        await rename(join(work, 'kustomize'), binary);
        return binary;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    log,
  );
}
