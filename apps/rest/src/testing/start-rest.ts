import type {} from '@petstore/testdb/global-setup';
import { composeDoors } from '@petstore/runtime';
import { startService, type RunningService, type ServiceOptions } from '@petstore/service-kit';
import { mountRest } from '../app.js';

export type TestRest = RunningService;

/** The REST door alone, composed as the gateway composes its doors, on a free loopback port, on either store. */
export function startRest(options: ServiceOptions): Promise<TestRest> {
  return startService((runtime) => composeDoors(runtime, [mountRest]), options);
}
