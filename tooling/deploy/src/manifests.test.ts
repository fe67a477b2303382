import type {} from './testing/global-setup.js';
import { describe, expect, inject, it } from 'vitest';
import type { DeploymentSpec } from './kubernetes-objects.js';
import { manifestProblems } from './manifest-rules.js';
import { KUBERNETES_VERSIONS, parseObjects, renderManifests, validateManifests } from './manifests.js';
import { serviceVersion } from './repository.js';
import { stringify } from 'yaml';

const kustomize = inject('kustomize');
const tools = inject('pythonTools');

describe.skipIf(!kustomize || !tools)('the Kubernetes manifests in deploy/, rendered with kustomize', () => {
  const render = (): Promise<string> => renderManifests(kustomize ?? '');
  const validate = (text: string, version: string) => validateManifests(tools?.kubernetesValidate ?? '', text, version);

  it('holds a Deployment, a Service, an autoscaler, a disruption budget and the configuration', async () => {
    const kinds = parseObjects(await render()).map((object) => `${object.apiVersion} ${object.kind}`);
    expect(kinds.sort()).toEqual([
      'apps/v1 Deployment',
      'autoscaling/v2 HorizontalPodAutoscaler',
      'policy/v1 PodDisruptionBudget',
      'v1 ConfigMap',
      'v1 Service',
    ]);
  });

  it.each(KUBERNETES_VERSIONS)('passes the Kubernetes %s API schemas, strictly', async (version) => {
    const validation = await validate(await render(), version);
    expect(validation.output).toBe('');
    expect(validation.ok).toBe(true);
  });

  it('keeps every rule of the service: probes, grace period, non-root, Secret, metrics, scaling', async () => {
    expect(manifestProblems(parseObjects(await render()))).toEqual([]);
  });

  it('fails the schemas on a field the API does not know', async () => {
    const objects = parseObjects(await render());
    const deployment = objects.find((object) => object.kind === 'Deployment');
    const container = (deployment?.spec as DeploymentSpec).template.spec.containers[0] as unknown as Record<string, unknown>;
    container['readinessProbes'] = container['readinessProbe'];
    delete container['readinessProbe'];
    const validation = await validate(objects.map((object) => stringify(object)).join('---\n'), KUBERNETES_VERSIONS.at(-1) ?? '');
    expect(validation.ok).toBe(false);
    expect(validation.output).toMatch(/deployment\/petstore.*'readinessProbes' was unexpected/);
    // The typo passes no rule either: the probe it meant is missing.
    expect(manifestProblems(objects)).toEqual(['no readiness probe on /readyz']);
  });

  it("runs the image `npm run image` tags: localhost/petstore at the gateway's version", async () => {
    const deployment = parseObjects(await render()).find((object) => object.kind === 'Deployment');
    expect((deployment?.spec as DeploymentSpec).template.spec.containers[0]?.image).toBe(`localhost/petstore:${serviceVersion()}`);
  });
});
