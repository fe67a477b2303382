import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeDoors, type DoorMount, type ServiceApp } from './compose-doors.js';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';

describe('composeDoors', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent' }));
  });
  afterAll(async () => {
    await runtime.close();
  });

  it('mounts every door on the one app, in the order given, over the runtime', async () => {
    const mounted: Array<{ name: string; app: ServiceApp; runtime: Runtime }> = [];
    const door =
      (name: string): DoorMount =>
      (app, given) => {
        mounted.push({ name, app, runtime: given });
      };
    composeDoors(runtime, [door('rest'), door('graphql'), door('trpc')]);
    expect(mounted.map(({ name }) => name)).toEqual(['rest', 'graphql', 'trpc']);
    expect(new Set(mounted.map(({ app }) => app)).size).toBe(1);
    expect(mounted.every((each) => each.runtime === runtime)).toBe(true);
  });

  it('starts the doors’ lifetimes in the order given, and stops them last mounted first', async () => {
    const seen: string[] = [];
    const door =
      (name: string): DoorMount =>
      () => ({
        start: async () => void seen.push(`start ${name}`),
        stop: async () => void seen.push(`stop ${name}`),
      });
    const composed = composeDoors(runtime, [door('first'), () => undefined, door('second')]);
    expect(seen).toEqual([]);
    await composed.start();
    await composed.stop();
    expect(seen).toEqual(['start first', 'start second', 'stop second', 'stop first']);
  });
});
