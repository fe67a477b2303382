import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnServer, type ServerProcess } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type Compilation } from './compile.js';
import { outsideProject, pack, type OutsideProject } from './outside-project.js';

const run = promisify(execFile);
const PACKAGES = ['@petstore/client', '@petstore/trpc-client'] as const;
const gatewayMain = fileURLToPath(new URL('./main.js', import.meta.resolve('@petstore/gateway')));

describe('the client packages, packed and installed by npm in a project outside the workspace', () => {
  const apiKey = `consumer_${randomBytes(24).toString('base64url')}`;
  let project: OutsideProject;
  let gateway: ServerProcess;
  let compilation: Compilation;

  beforeAll(async () => {
    [project, gateway] = await Promise.all([
      outsideProject(new URL('../fixtures/packed-consumer/', import.meta.url), async (dir) => {
        const tarballs: string[] = [];
        for (const name of PACKAGES) tarballs.push(await pack(name, dir));
        return tarballs;
      }),
      spawnServer(gatewayMain, { PETSTORE_DEV_API_KEY: apiKey }),
    ]);
    compilation = compile(project.dir);
  }, 300_000);

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

  it('marks the deprecated tRPC read as deprecated where the consumer calls it', () => {
    expect(compilation.deprecatedUses).toEqual([expect.stringMatching(/^src\/main\.ts:\d+ 'get' is deprecated\.$/)]);
  });

  it('says in the REST types that the deprecated read is removed on 2030-12-05', async () => {
    const types = await readFile(installed('@petstore/client', 'dist', 'generated', 'openapi.d.ts'), 'utf8');
    expect(types).toMatch(/@deprecated\s[^/]*removed on 2030-12-05[^/]*\*\/\s*get: operations\["getPet"\]/);
  });

  it.each(PACKAGES)('%s has a version and names no workspace package', async (name) => {
    const pkg = await manifest(name);
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(pkg.devDependencies).toBeUndefined();
    expect(JSON.stringify(pkg)).not.toMatch(/workspace:|@petstore\/(?!client|trpc-client)/);
  });

  it('has the tRPC client take @trpc/client and @trpc/server from the consumer, as peers', async () => {
    const pkg = await manifest('@petstore/trpc-client');
    expect(Object.keys(pkg.peerDependencies ?? {}).sort()).toEqual(['@trpc/client', '@trpc/server']);
    expect(pkg.dependencies).toBeUndefined();
  });

  it('talks to a running gateway through both clients', async () => {
    const { stdout } = await run(process.execPath, ['run.mjs', gateway.baseUrl, apiKey], { cwd: project.dir });
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(report).toEqual({
      restCreated: 'Rex',
      restListed: 1,
      trpcCreated: 'Fido',
      trpcListed: 1,
      deprecatedRead: 'Fido',
      failureCode: 'invalid_request',
    });
  });
});
