/**
 * Vitest global setup of the deployment tests: finds what they need and provides it: the images
 * (Debian base by debootstrap, the repository's Containerfile, FerretDB), podman-compose and
 * kubernetes-validate (PyPI), kustomize (Go module proxy). The preparation step
 * (`npm run prepare-tests`, run by `npm test`) made them; under CI what it did not make is a
 * failure naming it, outside CI it is made here, once per machine behind a lock (see
 * @petstore/testdb's preparation.ts). The image of this checkout is built again here: its layers
 * come from podman's cache when the preparation built the same sources, which takes seconds.
 * What cannot be had here is skipped with a loud line; under CI that is a failure instead.
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { hasGo } from '@petstore/testdb';
import { ensureDebianBase } from '../debian-base.js';
import { ensureHostPackages } from '../host-packages.js';
import { ensureFerretdbImage, ensurePetstoreImage } from '../images.js';
import { ensureKustomize } from '../kustomize.js';
import { ensurePythonTools, hasPythonVenv, type PythonTools } from '../python-tools.js';

declare module 'vitest' {
  export interface ProvidedContext {
    images: { petstore: string; ferretdb: string } | null;
    pythonTools: PythonTools | null;
    kustomize: string | null;
  }
}

const say = (line: string): void => void process.stdout.write(`[deploy] ${line}\n`);

function skip(what: string, reason: string): null {
  if (process.env['CI']) throw new Error(`[deploy] ${what} cannot run: ${reason}; CI requires them to run`);
  say(`!!!!!!!! ${what.toUpperCase()} SKIPPED: ${reason} !!!!!!!!`);
  return null;
}

async function images(): Promise<{ petstore: string; ferretdb: string } | null> {
  const missing = await ensureHostPackages(say);
  if (missing) return skip('container tests', missing);
  if (!(await hasGo())) return skip('container tests', 'no Go to build FerretDB for the compose file');
  const base = await ensureDebianBase(say);
  const [petstore, ferretdb] = await Promise.all([ensurePetstoreImage(base, say), ensureFerretdbImage(base, say)]);
  say(`image under test: ${petstore}`);
  return { petstore, ferretdb };
}

export default async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  // Independent: outside CI, when nothing was prepared, the image build waits on the network and
  // the CPU, pip on the network, Go on the CPU.
  const [built, pythonTools, kustomize] = await Promise.all([
    images(),
    hasPythonVenv().then((has) => (has ? ensurePythonTools(say) : skip('compose and manifest tests', 'python3 with venv is not available'))),
    hasGo().then((has) => (has ? ensureKustomize(say) : skip('manifest tests', 'no Go to build kustomize'))),
  ]);
  say(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
  project.provide('images', built);
  project.provide('pythonTools', pythonTools);
  project.provide('kustomize', kustomize);
}
