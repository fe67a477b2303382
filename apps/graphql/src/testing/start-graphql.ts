import type { AccountService, KeyService, Clock, PetStore } from '@petstore/domain';
import { composeDoors, type Runtime, type Service } from '@petstore/runtime';
import { startService, type ServiceOptions } from '@petstore/service-kit';
import { mountGraphqlFromConfig } from '../app.js';
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
  /**
   * Introspection, the landing page and the batch limit as PETSTORE_GRAPHQL_INTROSPECTION,
   * PETSTORE_GRAPHQL_LANDING_PAGE and PETSTORE_GRAPHQL_MAX_BATCH give them (the first two off
   * unless asked for, the batch the configuration's default).
   */
  options?: Pick<GraphqlOptions, 'introspection' | 'landingPage' | 'maxBatch'>;
}

export interface TestGraphql {
  origin: string;
  /** Full URL of the /graphql endpoint. */
  url: string;
  /** A valid key. */
  apiKey: string;
  /** The service's accounts, for keys of other kinds (scopes, limits). */
  accounts: AccountService;
  /** The service's key service, to make keys as the operator does. */
  keys: KeyService;
  /** Parsed JSON lines the service has logged at error level so far, read from its LOG_FILE. */
  readonly logged: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The GraphQL door alone, composed as the gateway composes its doors, over the embedded store. */
export function startGraphql(setup: TestGraphqlSetup = {}): Promise<TestGraphql> {
  return startGraphqlService((runtime) => composeDoors(runtime, [mountGraphqlFromConfig]), setup);
}

/** Serves what `build` makes of the runtime (the door composed over a runtime of the test's making, say), with the same set-up. */
export async function startGraphqlService(
  build: (runtime: Runtime) => Service | Promise<Service>,
  setup: TestGraphqlSetup = {},
): Promise<TestGraphql> {
  const { store } = setup;
  const options: ServiceOptions = {
    env: {
      PETSTORE_RATE_LIMIT: String(setup.rateLimit ?? 0),
      PETSTORE_GRAPHQL_INTROSPECTION: String(setup.options?.introspection ?? false),
      PETSTORE_GRAPHQL_LANDING_PAGE: String(setup.options?.landingPage ?? false),
      ...(setup.options?.maxBatch !== undefined && { PETSTORE_GRAPHQL_MAX_BATCH: String(setup.options.maxBatch) }),
      ...(setup.maxBodyBytes !== undefined && { PETSTORE_MAX_BODY_BYTES: String(setup.maxBodyBytes) }),
      ...(setup.bodyTimeoutSeconds !== undefined && { PETSTORE_BODY_TIMEOUT_SECONDS: String(setup.bodyTimeoutSeconds) }),
      ...(setup.publicBaseUrl !== undefined && { PUBLIC_BASE_URL: setup.publicBaseUrl }),
    },
    clock: setup.clock,
    logs: true,
    ...(store && { stores: (opened) => ({ ...opened, pets: store }) }),
  };
  const service = await startService(build, options);
  return {
    origin: service.baseUrl,
    url: `${service.baseUrl}/graphql`,
    apiKey: service.apiKey,
    accounts: service.runtime.accounts,
    keys: service.runtime.keys,
    get logged() {
      return service.readLog().filter((line) => Number(line['level']) >= 50);
    },
    close: service.close,
  };
}
