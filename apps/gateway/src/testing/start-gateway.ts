import type {} from '@petstore/testdb/global-setup';
import { startService, type RunningService, type ServiceOptions } from '@petstore/service-kit';
import { buildGateway } from '../app.js';

export { issueKey } from '@petstore/service-kit';

export type TestGateway = RunningService;

/** Starts the real gateway on a free loopback port, as `npm start` would, for tests that speak HTTP to it. */
export function startTestGateway(options: ServiceOptions): Promise<TestGateway> {
  return startService(buildGateway, options);
}
