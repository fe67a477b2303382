import { describe, expect, it } from 'vitest';
import type { DeploymentSpec, KubernetesObject } from './kubernetes-objects.js';
import { manifestProblems } from './manifest-rules.js';

const labels = { 'app.kubernetes.io/name': 'petstore' };

/** A small set of objects that keeps every rule, to break one rule at a time. */
function objects(): KubernetesObject[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'config' },
      data: { PETSTORE_SHUTDOWN_TIMEOUT_SECONDS: '10', PETSTORE_METRICS_PORT: '9464', OTEL_SERVICE_NAME: 'petstore' },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'petstore' },
      spec: {
        replicas: 3,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels, annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464' } },
          spec: {
            terminationGracePeriodSeconds: 30,
            securityContext: { runAsNonRoot: true, runAsUser: 10001 },
            containers: [
              {
                name: 'gateway',
                ports: [
                  { name: 'http', containerPort: 3000 },
                  { name: 'metrics', containerPort: 9464 },
                ],
                envFrom: [{ configMapRef: { name: 'config' } }],
                env: [{ name: 'MONGODB_URI', valueFrom: { secretKeyRef: { name: 'db', key: 'uri' } } }],
                readinessProbe: { httpGet: { path: '/readyz', port: 'http' } },
                livenessProbe: { httpGet: { path: '/healthz', port: 'http' } },
                lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
                resources: { requests: { cpu: '250m', memory: '192Mi' } },
                securityContext: { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false },
              },
            ],
          },
        },
      } satisfies DeploymentSpec,
    },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'petstore' }, spec: { selector: labels, ports: [{ port: 80, targetPort: 'http' }] } },
    {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'petstore' },
      spec: { scaleTargetRef: { kind: 'Deployment', name: 'petstore' }, minReplicas: 3, maxReplicas: 12 },
    },
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'petstore' },
      spec: { minAvailable: 2, selector: { matchLabels: labels } },
    },
  ];
}

/** The objects with one change made to the Deployment's spec. */
function withDeployment(change: (spec: DeploymentSpec) => void): KubernetesObject[] {
  const all = objects();
  change(all[1]?.spec as DeploymentSpec);
  return all;
}

const gateway = (spec: DeploymentSpec) => spec.template.spec.containers[0]!;

describe('manifestProblems', () => {
  it('finds nothing wrong with objects that keep every rule', () => {
    expect(manifestProblems(objects())).toEqual([]);
  });

  it.each([
    ['no readiness probe on /readyz', (spec: DeploymentSpec) => delete gateway(spec).readinessProbe],
    ['no liveness probe on /healthz', (spec: DeploymentSpec) => (gateway(spec).livenessProbe = { httpGet: { path: '/readyz', port: 'http' } })],
    ['no pause before the server stops listening', (spec: DeploymentSpec) => delete gateway(spec).lifecycle],
    ['terminationGracePeriodSeconds 15 is not above', (spec: DeploymentSpec) => (spec.template.spec.terminationGracePeriodSeconds = 15)],
    ['the pod may run as root', (spec: DeploymentSpec) => (spec.template.spec.securityContext = { runAsUser: 0 })],
    ['the root filesystem is writable', (spec: DeploymentSpec) => (gateway(spec).securityContext = { allowPrivilegeEscalation: false })],
    ['the container requests no cpu or no memory', (spec: DeploymentSpec) => delete gateway(spec).resources],
    ['MONGODB_URI does not come from a Secret', (spec: DeploymentSpec) => (gateway(spec).env = [{ name: 'MONGODB_URI', value: 'mongodb://db/' }])],
    ['no container port "metrics"', (spec: DeploymentSpec) => (gateway(spec).ports = [{ name: 'http', containerPort: 3000 }])],
    ['not marked for a Prometheus scrape', (spec: DeploymentSpec) => (spec.template.metadata = { labels })],
    ['runs 1 replicas, not 3', (spec: DeploymentSpec) => delete spec.replicas],
  ])('reports "%s"', (problem, change) => {
    expect(manifestProblems(withDeployment(change)).join('\n')).toContain(problem);
  });

  it("takes the service's drain window in production as the pause a preStop sleep would give, and counts it in the grace period", () => {
    const withConfig = (data: Record<string, string>) =>
      withDeployment((spec) => delete gateway(spec).lifecycle).map((object) =>
        object.kind === 'ConfigMap' ? { ...object, data: { ...object.data, ...data } } : object,
      );
    expect(manifestProblems(withConfig({ PETSTORE_ENV: 'production' }))).toEqual([]);
    expect(manifestProblems(withConfig({ PETSTORE_SHUTDOWN_DRAIN_SECONDS: '5' }))).toEqual([]);
    expect(manifestProblems(withConfig({ PETSTORE_ENV: 'production', PETSTORE_SHUTDOWN_DRAIN_SECONDS: '0' })).join('\n')).toContain(
      'no pause before the server stops listening',
    );
    expect(manifestProblems(withConfig({ PETSTORE_ENV: 'production', PETSTORE_SHUTDOWN_DRAIN_SECONDS: '20' })).join('\n')).toContain(
      'terminationGracePeriodSeconds 30 is not above the pause before closing (20 s) plus the shutdown timeout (10 s)',
    );
  });

  it('reports a Service, autoscaler or disruption budget that does not reach the pods', () => {
    const all = objects().map((object) =>
      object.kind === 'Deployment' || object.kind === 'ConfigMap'
        ? object
        : { ...object, spec: { ...(object.spec as object), selector: { other: 'x' }, scaleTargetRef: { kind: 'Deployment', name: 'other' } } },
    );
    expect(manifestProblems(all)).toEqual([
      "no Service sends to the pods' http port",
      'no HorizontalPodAutoscaler scales the Deployment',
      'no PodDisruptionBudget covers the pods',
    ]);
  });

  it('reports a disruption budget that would block every drain at the smallest size', () => {
    const all = objects();
    (all[4]?.spec as { minAvailable: number }).minAvailable = 3;
    expect(manifestProblems(all)).toEqual(["the PodDisruptionBudget allows no pod to be evicted at the autoscaler's minimum"]);
  });
});
