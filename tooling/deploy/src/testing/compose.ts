import { randomUUID } from 'node:crypto';
import { runWithPodman } from '../podman.js';
import { REPOSITORY } from '../repository.js';
import { untilReady } from './until-ready.js';

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
      const logs = () => compose(['logs']).then(({ stdout, stderr }) => `${stdout}${stderr}`);
      await Promise.all(urls.map((url) => untilReady(url, logs, 90_000)));
    },
    exec: async (service, command) => (await compose(['exec', '-T', service, ...command])).stdout,
    down: async () => void (await compose(['down', '--volumes'])),
  };
}
