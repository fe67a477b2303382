import type {} from '@petstore/testdb/global-setup';
import { startService, type RunningService, type ServiceOptions } from '@petstore/service-kit';
import { buildRestApp } from '../app.js';

export type TestRest = RunningService;

/** The REST door alone (buildRestApp), as its main.ts runs it, on a free loopback port, on either store. */
export function startRest(options: ServiceOptions): Promise<TestRest> {
  return startService((runtime) => buildRestApp(runtime).callback(), options);
}
