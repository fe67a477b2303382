import { createBaseApp } from '@petstore/http';
import type { Runtime } from './runtime.js';
import type { Service } from './serve.js';

/** The one app of a process, every door mounted on it. */
export type ServiceApp = ReturnType<typeof createBaseApp>;

/** What a door must have started before the server listens and stopped once it takes no more requests (Apollo). */
export interface DoorLifetime {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Mounts one door on the process's app, as the gateway mounts it; returns its lifetime if it has one. */
export type DoorMount = (app: ServiceApp, runtime: Runtime) => DoorLifetime | void;

/**
 * The doors, in the order given, on one app over one runtime, so a pet added through any door is
 * the same pet in the others. The gateway composes all three; a test that needs one door composes
 * only it, the same way. No side effects: the process starts the doors' lifetimes (serve()) before
 * it listens, and stops them, last mounted first, once it has drained.
 */
export function composeDoors(runtime: Runtime, doors: readonly DoorMount[]): Service {
  const app = createBaseApp(runtime);
  const lifetimes = doors.flatMap((mount) => mount(app, runtime) ?? []);
  return {
    listener: app.listener(),
    start: async () => {
      for (const lifetime of lifetimes) await lifetime.start();
    },
    stop: async () => {
      for (const lifetime of lifetimes.toReversed()) await lifetime.stop();
    },
  };
}
