import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureFerretDB, FERRETDB_VERSION, makeOnce, withCacheLock } from '@petstore/testdb';
import { imageExists, podman, runWithPodman } from './podman.js';
import { REPOSITORY } from './repository.js';

/** The Containerfile's build stage, kept under a name so that pruning leaves its layers cached. */
export const BUILD_STAGE = 'localhost/petstore-build:cache';
const FERRETDB_IMAGE = `localhost/petstore-ferretdb:${FERRETDB_VERSION}`;
const IMAGE_SCRIPT = new URL('../scripts/image.sh', import.meta.url).pathname;

/**
 * Builds the repository's Containerfile as `npm run image` does, on `base`, and returns the image's
 * id (the tags are shared by every checkout on this machine; the id is what this run built).
 * Unchanged layers come from podman's cache, so a run without changes takes seconds. One build at
 * a time per machine; old images left without a tag are pruned after it.
 */
export async function ensurePetstoreImage(base: string, log: (line: string) => void): Promise<string> {
  return withCacheLock(
    'petstore-image',
    async () => {
      log(`building the image from ${join(REPOSITORY, 'Containerfile')} (layers cached; the first build takes a few minutes)…`);
      const work = await mkdtemp(join(tmpdir(), 'petstore-image-'));
      try {
        await podman([
          'build',
          '--target',
          'build',
          '--build-arg',
          `BASE=${base}`,
          '-t',
          BUILD_STAGE,
          '-f',
          join(REPOSITORY, 'Containerfile'),
          REPOSITORY,
        ]);
        const iidfile = join(work, 'iid');
        await runWithPodman('sh', [IMAGE_SCRIPT, '--iidfile', iidfile], { env: { PETSTORE_BASE_IMAGE: base, CONTAINER_ENGINE: 'podman' } });
        const id = (await readFile(iidfile, 'utf8')).trim();
        await podman(['image', 'prune', '--force']);
        return id;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    log,
  );
}

/** An image of FerretDB, from the binary tooling/testdb builds, to stand in for MongoDB in compose. */
export async function ensureFerretdbImage(base: string, log: (line: string) => void): Promise<string> {
  const binary = await ensureFerretDB(log);
  return makeOnce(
    'ferretdb-image',
    async () => ((await imageExists(FERRETDB_IMAGE)) ? FERRETDB_IMAGE : undefined),
    async () => {
      const containerfile = new URL('../ferretdb/Containerfile', import.meta.url).pathname;
      await podman(['build', '--build-arg', `BASE=${base}`, '-t', FERRETDB_IMAGE, '-f', containerfile, dirname(binary)]);
      return FERRETDB_IMAGE;
    },
    log,
  );
}
