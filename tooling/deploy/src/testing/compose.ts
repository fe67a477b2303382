import { randomUUID } from 'node:crypto';
import { runWithPodman } from '../podman.js';
import { REPOSITORY } from '../repository.js';

export interface ComposeProject {
  /** The published base URL of gateway-1 and of gateway-2. */
  urls: string[];
  up(): Promise<void>;
  exec(service: string, command: string[]): Promise<string>;
  down(): Promise<void>;
}

/**
 * compose.yaml with the tests' override, as a project of its own (its own network and volume), run
 * by podman-compose from the repository's root. `env` fills the files' variables: images and ports.
 */
export async function composeProject(podmanCompose: string, env: Record<string, string>): Promise<ComposeProject> {
  const project = `petstore-test-${randomUUID().slice(0, 8)}`;
  const compose = (args: string[]) =>
    runWithPodman(podmanCompose, ['--project-name', project, '--file', 'compose.yaml', '--file', 'compose.test.yaml', ...args], {
      cwd: REPOSITORY,
      env,
    });
  const urls = [env['PETSTORE_PORT_1'], env['PETSTORE_PORT_2']].map((port) => `http://127.0.0.1:${port ?? ''}`);
  return {
    urls,
    up: async () => {
      await compose(['up', '--detach']);
      await Promise.all(urls.map((url) => untilReady(url, () => compose(['logs']).then(({ stdout, stderr }) => `${stdout}${stderr}`))));
    },
    exec: async (service, command) => (await compose(['exec', '-T', service, ...command])).stdout,
    down: async () => void (await compose(['down', '--volumes'])),
  };
}

async function untilReady(url: string, logs: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not become ready:\n${(await logs()).slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
