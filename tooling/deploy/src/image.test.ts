import type {} from './testing/global-setup.js';
import type {} from '@petstore/testdb/global-setup';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@petstore/testdb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILD_STAGE } from './images.js';
import { podman, runWithPodman } from './podman.js';
import { acceptedUpload } from './testing/accepted-upload.js';
import { petstoreCli, startGateway, type GatewayContainer } from './testing/containers.js';

const images = inject('images');
const mongodbUri = inject('mongodbUri');

/** What docs/deployment.md promises for the image's size (uncompressed, as `podman images` shows it). */
const MAX_IMAGE_BYTES = 250_000_000;

describe.skipIf(!images || !mongodbUri)('the image built from the Containerfile', () => {
  const image = images?.petstore ?? '';
  const database = { MONGODB_URI: mongodbUri ?? '', MONGODB_DB: `image_${randomUUID().slice(0, 8)}` };
  let gateway: GatewayContainer;
  let key: string;

  beforeAll(async () => {
    const account = (await petstoreCli(image, database, ['accounts', 'create', '--name', 'Image test'])) as { id: string };
    key = ((await petstoreCli(image, database, ['keys', 'create', '--account', account.id])) as { key: string }).key;
    gateway = await startGateway(image, await freePort(), { ...database, PETSTORE_METRICS_PORT: String(await freePort()) });
  });
  afterAll(async () => {
    await gateway?.remove();
  });

  it('answers every door with a key made by its own command line', async () => {
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${gateway.baseUrl}/v1/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const rest = (await (await fetch(`${gateway.baseUrl}/v1/pets`, { headers })).json()) as { id: number }[];
    const graphql = (await (
      await fetch(`${gateway.baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: '{ pets { id name } }' }) })
    ).json()) as {
      data: { pets: { id: string; name: string }[] };
    };
    const trpc = (await (await fetch(`${gateway.baseUrl}/trpc/pets.list?input=${encodeURIComponent('{}')}`, { headers })).json()) as {
      result: { data: { id: number }[] };
    };
    expect(rest.map((pet) => pet.id)).toEqual([id]);
    expect(graphql.data.pets).toEqual([{ id: String(id), name: 'Rex' }]);
    expect(trpc.result.data.map((pet) => pet.id)).toEqual([id]);
  });

  it('runs the service as a user that is not root', async () => {
    const processes = (await podman(['top', gateway.name, 'user', 'args'])).split('\n').slice(1);
    expect(processes.some((line) => line.includes('apps/gateway/dist/main.js'))).toBe(true);
    for (const line of processes) expect(line.split(/\s+/)[0]).toBe('petstore');
    expect(await podman(['image', 'inspect', '--format', '{{.Config.User}}', image])).toBe('10001:10001');
  });

  it('holds production dependencies only', async () => {
    const installed = (await podman(['run', '--rm', '--entrypoint', 'ls', image, '/app/node_modules/.pnpm'])).split('\n');
    expect(installed.some((name) => name.startsWith('mongodb@'))).toBe(true);
    const tools = ['typescript@', 'vitest@', 'eslint@', '@types+', 'turbo@', 'prettier@', 'playwright-core@'];
    expect(installed.filter((name) => tools.some((tool) => name.startsWith(tool)))).toEqual([]);
  });

  it(`is at most ${MAX_IMAGE_BYTES / 1e6} MB`, async () => {
    const size = Number(await podman(['image', 'inspect', '--format', '{{.Size}}', image]));
    process.stdout.write(`[deploy] image size: ${(size / 1e6).toFixed(1)} MB\n`);
    expect(size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  });

  it('leaves no image without a name behind: the build stage is labelled, and npm run image removes what it left', async () => {
    // The tests keep the build stage under a name of their own, as a cache for the next run.
    expect(await podman(['image', 'inspect', '--format', '{{index .Labels "io.petstore.stage"}}', BUILD_STAGE])).toBe('build');
    expect(await podman(['images', '--quiet', '--filter', 'dangling=true', '--filter', 'label=io.petstore.stage'])).toBe('');
  });

  it('refuses to start in production without MONGODB_URI: one line naming it, exit code 78', async () => {
    const refused = await runWithPodman('podman', ['run', '--rm', image]).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/exit code 78/);
    const lines = (refused ?? '').split('\n').filter((line) => line.includes('MONGODB_URI'));
    expect(lines).toHaveLength(1);
  });

  it('stops within PETSTORE_SHUTDOWN_TIMEOUT_SECONDS of podman stop, finishing the request in flight', async () => {
    const timeout = 4;
    // The body deadline is far past podman's kill (60 s): only the shutdown timeout can cut the
    // stalled upload, so an exit of 0 (not 137, killed) shows that node honoured it by itself.
    const stopping = await startGateway(image, await freePort(), {
      ...database,
      PETSTORE_METRICS_PORT: String(await freePort()),
      PETSTORE_SHUTDOWN_TIMEOUT_SECONDS: String(timeout),
      PETSTORE_BODY_TIMEOUT_SECONDS: '300',
    });
    try {
      const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
      const body = JSON.stringify({ name: 'In flight', categoryId: 2 });
      const [inFlight, stalled] = await Promise.all([
        acceptedUpload(`${stopping.baseUrl}/v1/pets`, headers, body),
        acceptedUpload(`${stopping.baseUrl}/v1/pets`, headers, body),
      ]);
      const stopped = stopping.stop();
      // The body arrives after SIGTERM reached node, which logs it as it begins the shutdown.
      for (let waited = 0; !(await stopping.logs()).includes('shutting down') && waited < 20_000; waited += 100) await sleep(100);
      const answer = await inFlight.finish();
      expect(answer.status).toBe(201);
      expect(answer.headers['connection']).toBe('close');
      // The stalled upload holds the server open until the timeout cuts it; then node exits by itself.
      const seconds = await stopped;
      await stalled.closed;
      expect(await stopping.exitCode()).toBe(0);
      expect(seconds).toBeGreaterThanOrEqual(timeout - 1);
    } finally {
      await stopping.remove();
    }
  });
});
