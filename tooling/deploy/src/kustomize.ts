import { ensureGoTool, type GoTool } from '@petstore/testdb';

/** The kustomize that renders deploy/ in the tests; `kubectl apply -k` embeds one of the same major. */
export const KUSTOMIZE: GoTool = { module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.7.1', command: 'kustomize' };

/** Builds kustomize from the Go module proxy once per machine (a couple of minutes), behind a lock. */
export function ensureKustomize(log: (line: string) => void): Promise<string> {
  return ensureGoTool(KUSTOMIZE, log);
}
