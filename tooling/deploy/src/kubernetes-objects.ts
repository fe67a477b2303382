/**
 * The parts of the Kubernetes objects in deploy/ that the rules read. The rendered objects are
 * checked against the API's schemas first (kubernetes-validate), so these fields, when present,
 * have the API's types.
 */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  data?: Record<string, string>;
  spec?: unknown;
}

export interface Probe {
  httpGet?: { path?: string; port: number | string };
}

export interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  resources?: { requests?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; runAsNonRoot?: boolean };
}

export interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels?: Record<string, string> };
  template: {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: {
      terminationGracePeriodSeconds?: number;
      securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
      containers: Container[];
    };
  };
}

export interface ServiceSpec {
  selector?: Record<string, string>;
  ports: { name?: string; port: number; targetPort?: number | string }[];
}

export interface AutoscalerSpec {
  scaleTargetRef: { kind: string; name: string };
  minReplicas?: number;
  maxReplicas: number;
}

export interface DisruptionBudgetSpec {
  minAvailable?: number | string;
  selector?: { matchLabels?: Record<string, string> };
}

export function objectsOfKind(objects: readonly KubernetesObject[], kind: string): KubernetesObject[] {
  return objects.filter((object) => object.kind === kind);
}
