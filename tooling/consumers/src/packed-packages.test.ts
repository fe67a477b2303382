import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnServer, type ServerProcess } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type Compilation } from './compile.js';
import { freshCheckout, outsideProject, pack, type TemporaryDir } from './outside-project.js';

const run = promisify(execFile);
const PACKAGES = ['@petstore/client', '@petstore/trpc-client'] as const;
const gatewayMain = fileURLToPath(new URL('./main.js', import.meta.resolve('@petstore/gateway')));

describe('the client packages, packed from a fresh checkout and installed by npm in a project outside the workspace', () => {
  const apiKey = `consumer_${randomBytes(24).toString('base64url')}`;
  let project: TemporaryDir;
  let gateway: ServerProcess;
  let compilation: Compilation;

  beforeAll(async () => {
    [project, gateway] = await Promise.all([
      outsideProject(new URL('../fixtures/packed-consumer/', import.meta.url), async (dir) => {
        // Nothing built: each package's `prepack` must build what its tarball holds.
        const checkout = await freshCheckout();
        try {
          const tarballs: string[] = [];
          for (const name of PACKAGES) tarballs.push(await pack(checkout.dir, name, dir));
          return tarballs;
        } finally {
          await checkout.remove();
        }
      }),
      spawnServer(gatewayMain, { PETSTORE_DEV_API_KEY: apiKey }),
    ]);
    compilation = compile(project.dir);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([project?.remove(), gateway?.stop()]);
  });

  const installed = (name: string, ...path: string[]) => join(project.dir, 'node_modules', name, ...path);
  const manifest = async (name: string) =>
    JSON.parse(await readFile(installed(name, 'package.json'), 'utf8')) as {
      version: string;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      devDependencies?: unknown;
    };

  it('compiles a strict consumer against their declarations, library files checked too', () => {
    expect(compilation.errors).toEqual([]);
  });

  it('marks the deprecated reads of both clients as deprecated where the consumer calls them', () => {
    expect(compilation.deprecatedUses).toEqual([
      expect.stringMatching(/^src\/main\.ts:\d+ The signature '\(url: "\/pets\/\{petId\}".*' of 'rest\.GET' is deprecated\.$/),
      expect.stringMatching(/^src\/main\.ts:\d+ 'get' is deprecated\.$/),
    ]);
  });

  it('says in the REST types that the deprecated read is removed on 2030-12-05', async () => {
    const types = await readFile(installed('@petstore/client', 'dist', 'generated', 'openapi.d.ts'), 'utf8');
    expect(types).toMatch(/@deprecated\s[^/]*removed on 2030-12-05[^/]*\*\/\s*get: operations\["getPet"\]/);
    const client = await readFile(installed('@petstore/client', 'dist', 'client-type.d.ts'), 'utf8');
    expect(client).toMatch(/@deprecated Removed on 2030-12-05/);
  });

  it('offers no bigint anywhere in the tRPC types, as JSON carries none', async () => {
    const types = await readFile(installed('@petstore/trpc-client', 'dist', 'index.d.ts'), 'utf8');
    expect(types).not.toMatch(/\bbigint\b/);
  });

  it.each(PACKAGES)('%s has a version and names no workspace package', async (name) => {
    const pkg = await manifest(name);
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(pkg.devDependencies).toBeUndefined();
    expect(JSON.stringify(pkg)).not.toMatch(/workspace:|catalog:|@petstore\/(?!client|trpc-client)/);
  });

  it('has the tRPC client take @trpc/client and @trpc/server from the consumer, as peers', async () => {
    const pkg = await manifest('@petstore/trpc-client');
    expect(Object.keys(pkg.peerDependencies ?? {}).sort()).toEqual(['@trpc/client', '@trpc/server']);
    expect(pkg.dependencies).toBeUndefined();
  });

  it('talks to a running gateway through both clients, the REST one exact over the whole int64 range', async () => {
    const { stdout } = await run(process.execPath, ['run.mjs', gateway.baseUrl, apiKey], { cwd: project.dir });
    const report = JSON.parse(stdout) as Record<string, unknown>;
    const exact = ['bigint 9007199254740993', 'bigint 9223372036854775807'];
    expect(report).toEqual({
      restCreated: 'Rex',
      restListed: 1,
      exactCreated: exact,
      exactListed: exact,
      exactRead: exact[0],
      unsafeRefused: expect.stringMatching(/^categoryId: 1152921504606846976 is a number past 2\^53 - 1 .* as a bigint/),
      trpcCreated: 'Fido',
      trpcListed: 1,
      trpcCategory: 2,
      deprecatedRead: 'Fido',
      failureCode: 'invalid_request',
    });
  });
});
