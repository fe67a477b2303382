import type {} from '@petstore/testdb/global-setup';
import { composeDoors } from '@petstore/runtime';
import { startService, type RunningService, type ServiceOptions } from '@petstore/service-kit';
import { inject } from 'vitest';
import { mountManage } from '../app.js';

/** The management door alone, composed as the gateway composes its doors, on a free loopback port, on either store. */
export function startManage(options: ServiceOptions): Promise<RunningService> {
  return startService((runtime) => composeDoors(runtime, [mountManage]), options);
}

/** The stores every suite runs on; the MongoDB one is FerretDB, started by the test database's global setup. */
export const STORES = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;
