import type { RequestListener } from 'node:http';
import type { AccountService, Clock, PetStore } from '@petstore/domain';
import type { Runtime, Service } from '@petstore/runtime';
import { startService, type ServiceOptions } from '@petstore/service-kit';
import { buildGraphqlApp } from '../app.js';
import type { GraphqlOptions } from '../graphql-options.js';

export interface TestGraphqlSetup {
  /** Replaces the embedded pet store, e.g. with one that fails. */
  store?: PetStore;
  maxBodyBytes?: number;
  /** Seconds a whole request body may take (PETSTORE_BODY_TIMEOUT_SECONDS). */
  bodyTimeoutSeconds?: number;
  publicBaseUrl?: string;
  /** The service's clock, e.g. one past the sunset of `pet(id:)`. */
  clock?: Clock;
  /** Operations per key per minute (PETSTORE_RATE_LIMIT); unlimited when absent. */
  rateLimit?: number;
  options?: GraphqlOptions;
}

export interface TestGraphql {
  origin: string;
  /** Full URL of the /graphql endpoint. */
  url: string;
  /** A valid key. */
  apiKey: string;
  /** The service's accounts, for keys of other kinds (scopes, limits). */
  accounts: AccountService;
  /** Parsed JSON lines the service logged at error level. */
  logged: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The GraphQL door alone (buildGraphqlApp), as its main.ts runs it, over the embedded store. */
export function startGraphql(setup: TestGraphqlSetup = {}): Promise<TestGraphql> {
  return startGraphqlService((runtime) => buildGraphqlApp(runtime, setup.options), setup);
}

/** Serves what `build` makes of the runtime (the door mounted some other way), with the same set-up. */
export async function startGraphqlService(
  build: (runtime: Runtime) => RequestListener | Service | Promise<RequestListener | Service>,
  setup: TestGraphqlSetup = {},
): Promise<TestGraphql> {
  const logged: Array<Record<string, unknown>> = [];
  const { store } = setup;
  const options: ServiceOptions = {
    env: {
      PETSTORE_RATE_LIMIT: String(setup.rateLimit ?? 0),
      ...(setup.maxBodyBytes !== undefined && { PETSTORE_MAX_BODY_BYTES: String(setup.maxBodyBytes) }),
      ...(setup.bodyTimeoutSeconds !== undefined && { PETSTORE_BODY_TIMEOUT_SECONDS: String(setup.bodyTimeoutSeconds) }),
      ...(setup.publicBaseUrl !== undefined && { PUBLIC_BASE_URL: setup.publicBaseUrl }),
    },
    clock: setup.clock,
    logSink: (line) => {
      if (Number(line['level']) >= 50) logged.push(line);
    },
    ...(store && { stores: (opened) => ({ ...opened, pets: store }) }),
  };
  const service = await startService(build, options);
  return {
    origin: service.baseUrl,
    url: `${service.baseUrl}/graphql`,
    apiKey: service.apiKey,
    accounts: service.runtime.accounts,
    logged,
    close: service.close,
  };
}
