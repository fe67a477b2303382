import { randomUUID } from 'node:crypto';
import { podman } from '../podman.js';
import { untilReady } from './until-ready.js';

/**
 * A gateway container of the image under test, on the host's network (the run's FerretDB is on
 * loopback), with a read-only root filesystem as the Kubernetes manifests give it.
 */
export interface GatewayContainer {
  name: string;
  baseUrl: string;
  /** podman stop with a kill timeout well past the service's own; resolves to the seconds it took. */
  stop(): Promise<number>;
  exitCode(): Promise<number>;
  logs(): Promise<string>;
  remove(): Promise<void>;
}

export async function startGateway(image: string, port: number, env: Record<string, string>): Promise<GatewayContainer> {
  const name = `petstore-test-${randomUUID().slice(0, 8)}`;
  const vars = Object.entries({ PORT: String(port), ...env }).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  await podman(['run', '--detach', '--read-only', '--name', name, '--network', 'host', ...vars, image]);
  const container: GatewayContainer = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      const started = Date.now();
      await podman(['stop', '--time', '60', name]);
      return (Date.now() - started) / 1000;
    },
    exitCode: async () => Number(await podman(['inspect', '--format', '{{.State.ExitCode}}', name])),
    logs: () => podman(['logs', name]),
    remove: async () => void (await podman(['rm', '--force', '--ignore', name])),
  };
  await untilReady(container.baseUrl, () => container.logs(), 60_000);
  return container;
}

/** Runs the image's `petstore` command line once, with `--json`, and returns what it printed. */
export async function petstoreCli(image: string, env: Record<string, string>, args: string[]): Promise<unknown> {
  const vars = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  return JSON.parse(await podman(['run', '--rm', '--network', 'host', ...vars, image, 'petstore', ...args, '--json']));
}
