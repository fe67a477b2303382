import {
  objectsOfKind,
  type AutoscalerSpec,
  type Container,
  type DeploymentSpec,
  type DisruptionBudgetSpec,
  type KubernetesObject,
  type ServiceSpec,
} from './kubernetes-objects.js';

/**
 * What the API's schemas cannot say about deploy/ and the service needs (docs/operations.md, docs/deployment.md):
 * probes on its own endpoints, a grace period longer than its shutdown, a non-root read-only
 * container, the database URI from a Secret, the metrics port scraped, and a Service, autoscaler
 * and disruption budget that reach the same pods. One line per problem; none when all hold.
 */
export function manifestProblems(objects: readonly KubernetesObject[]): string[] {
  const deployments = objectsOfKind(objects, 'Deployment');
  if (deployments.length !== 1) return [`expected one Deployment, found ${deployments.length}`];
  const deployment = deployments[0] as KubernetesObject;
  const spec = deployment.spec as DeploymentSpec;
  const podLabels = spec.template.metadata?.labels ?? {};
  const gateway = spec.template.spec.containers[0];
  if (!gateway) return ['the Deployment has no container'];
  const config = configOf(objects, gateway);
  return [
    ...(spec.replicas === 3 ? [] : [`the Deployment runs ${spec.replicas ?? 1} replicas, not 3`]),
    ...probeProblems(gateway),
    ...shutdownProblems(spec, gateway, config),
    ...securityProblems(spec, gateway),
    ...(gateway.resources?.requests?.['cpu'] && gateway.resources.requests['memory'] ? [] : ['the container requests no cpu or no memory']),
    ...(gateway.env?.find((variable) => variable.name === 'MONGODB_URI')?.valueFrom?.secretKeyRef ? [] : ['MONGODB_URI does not come from a Secret']),
    ...metricsProblems(spec, gateway, config),
    ...(config['OTEL_SERVICE_NAME'] ? [] : ['OTEL_SERVICE_NAME is not set']),
    ...serviceProblems(objects, podLabels),
    ...autoscalerProblems(objects, deployment.metadata.name, podLabels),
  ];
}

/** The variables the container gets from its ConfigMaps. */
function configOf(objects: readonly KubernetesObject[], container: Container): Record<string, string> {
  const names = new Set((container.envFrom ?? []).map((source) => source.configMapRef?.name));
  return Object.assign(
    {},
    ...objectsOfKind(objects, 'ConfigMap')
      .filter((map) => names.has(map.metadata.name))
      .map((map) => map.data ?? {}),
  ) as Record<string, string>;
}

function probeProblems(container: Container): string[] {
  return [
    ...(container.readinessProbe?.httpGet?.path === '/readyz' ? [] : ['no readiness probe on /readyz']),
    ...(container.livenessProbe?.httpGet?.path === '/healthz' ? [] : ['no liveness probe on /healthz']),
  ];
}

/**
 * Between SIGTERM and the server closing its port, load balancers must have time to stop sending:
 * a preStop pause before SIGTERM, or the service's own drain window after it, in which /readyz
 * answers 503 (PETSTORE_SHUTDOWN_DRAIN_SECONDS; 5 s by default outside development).
 */
function shutdownProblems(spec: DeploymentSpec, container: Container, config: Record<string, string>): string[] {
  const preStop = container.lifecycle?.preStop;
  const sleep = preStop?.sleep?.seconds ?? (preStop?.exec?.command?.[0] === 'sleep' ? Number(preStop.exec.command[1]) : 0);
  const development = (config['PETSTORE_ENV'] ?? 'development') === 'development';
  const drain = Number(config['PETSTORE_SHUTDOWN_DRAIN_SECONDS'] ?? (development ? 0 : 5));
  const pause = sleep + drain;
  const shutdown = Number(config['PETSTORE_SHUTDOWN_TIMEOUT_SECONDS'] ?? 10);
  const grace = spec.template.spec.terminationGracePeriodSeconds ?? 30;
  return [
    ...(pause > 0 ? [] : ['no pause before the server stops listening (a preStop sleep or PETSTORE_SHUTDOWN_DRAIN_SECONDS)']),
    ...(grace > pause + shutdown
      ? []
      : [`terminationGracePeriodSeconds ${grace} is not above the pause before closing (${pause} s) plus the shutdown timeout (${shutdown} s)`]),
  ];
}

function securityProblems(spec: DeploymentSpec, container: Container): string[] {
  const pod = spec.template.spec.securityContext;
  const nonRoot = (pod?.runAsNonRoot === true || container.securityContext?.runAsNonRoot === true) && pod?.runAsUser !== 0;
  return [
    ...(nonRoot ? [] : ['the pod may run as root (runAsNonRoot)']),
    ...(container.securityContext?.readOnlyRootFilesystem === true ? [] : ['the root filesystem is writable']),
    ...(container.securityContext?.allowPrivilegeEscalation === false ? [] : ['privilege escalation is allowed']),
  ];
}

function metricsProblems(spec: DeploymentSpec, container: Container, config: Record<string, string>): string[] {
  const port = Number(config['PETSTORE_METRICS_PORT']);
  const annotations = spec.template.metadata?.annotations ?? {};
  return [
    ...(container.ports?.some((declared) => declared.name === 'metrics' && declared.containerPort === port)
      ? []
      : ['no container port "metrics" on PETSTORE_METRICS_PORT']),
    ...(annotations['prometheus.io/scrape'] === 'true' && Number(annotations['prometheus.io/port']) === port
      ? []
      : ['the pods are not marked for a Prometheus scrape of the metrics port']),
  ];
}

function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  return selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
}

function serviceProblems(objects: readonly KubernetesObject[], podLabels: Record<string, string>): string[] {
  const services = objectsOfKind(objects, 'Service').map((service) => service.spec as ServiceSpec);
  return services.some((service) => selects(service.selector, podLabels) && service.ports.some((port) => port.targetPort === 'http'))
    ? []
    : ["no Service sends to the pods' http port"];
}

function autoscalerProblems(objects: readonly KubernetesObject[], deployment: string, podLabels: Record<string, string>): string[] {
  const autoscalers = objectsOfKind(objects, 'HorizontalPodAutoscaler').map((hpa) => hpa.spec as AutoscalerSpec);
  const budgets = objectsOfKind(objects, 'PodDisruptionBudget').map((pdb) => pdb.spec as DisruptionBudgetSpec);
  const autoscaler = autoscalers.find((hpa) => hpa.scaleTargetRef.kind === 'Deployment' && hpa.scaleTargetRef.name === deployment);
  const budget = budgets.find((pdb) => selects(pdb.selector?.matchLabels, podLabels));
  return [
    ...(autoscaler ? [] : ['no HorizontalPodAutoscaler scales the Deployment']),
    ...(budget ? [] : ['no PodDisruptionBudget covers the pods']),
    // A budget that allows no disruption at the smallest size blocks every node drain.
    ...(autoscaler && typeof budget?.minAvailable === 'number' && budget.minAvailable >= (autoscaler.minReplicas ?? 1)
      ? ["the PodDisruptionBudget allows no pod to be evicted at the autoscaler's minimum"]
      : []),
  ];
}
