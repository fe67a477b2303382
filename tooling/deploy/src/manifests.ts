import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import type { KubernetesObject } from './kubernetes-objects.js';
import { REPOSITORY } from './repository.js';

const run = promisify(execFile);

/** The oldest Kubernetes release still maintained when this was written, and the newest the validator knows. */
export const KUBERNETES_VERSIONS = ['1.32.0', '1.37.0'];

/** `kustomize build deploy/`: what `kubectl apply -k deploy/` sends to the cluster. */
export async function renderManifests(kustomize: string, dir = join(REPOSITORY, 'deploy')): Promise<string> {
  const { stdout } = await run(kustomize, ['build', dir], { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

export function parseObjects(text: string): KubernetesObject[] {
  return parseAllDocuments(text).map((document) => document.toJS() as KubernetesObject);
}

export interface Validation {
  ok: boolean;
  /** One line per object that failed, naming it and the field. */
  output: string;
}

/**
 * Checks every object against the Kubernetes API's JSON schemas of `version` with
 * kubernetes-validate, strictly: a field the API does not know fails, as a typo would be lost.
 */
export async function validateManifests(kubernetesValidate: string, text: string, version: string): Promise<Validation> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-manifests-'));
  try {
    const file = join(dir, 'rendered.yaml');
    await writeFile(file, text);
    const args = ['--strict', '--quiet', '--kubernetes-version', version, file];
    return await run(kubernetesValidate, args, { maxBuffer: 16 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ ok: true, output: `${stdout}${stderr}`.trim() }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
