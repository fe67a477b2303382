import {
  AccountService,
  createAuthenticator,
  FixedWindowRateLimiter,
  PetService,
  systemClock,
  type Authenticate,
  type Clock,
} from '@petstore/domain';
import { PetstoreMetrics } from '@petstore/http';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.js';
import { countDatabaseErrors } from './counted-stores.js';
import { registerDevKey, type DevKey } from './dev-key.js';
import { createLogger } from './logger.js';
import { openStores, type Stores } from './stores.js';

/** Everything a door needs, wired once per process over one store. */
export interface Runtime {
  config: Config;
  logger: Logger;
  clock: Clock;
  /** This runtime's Prometheus registry and metrics, served at /metrics. */
  metrics: PetstoreMetrics;
  store: Stores['kind'];
  pets: PetService;
  accounts: AccountService;
  authenticate: Authenticate;
  maxBodyBytes: number;
  publicBaseUrl: string;
  /** The key registered for the embedded store; undefined on MongoDB, where keys come from the CLI. */
  devKey: DevKey | undefined;
  /** Whether requests can be served: the database answers (within MONGODB_TIMEOUT_MS) and no shutdown has begun. */
  ready: () => Promise<boolean>;
  /** From now on ready() says no, so a load balancer stops sending requests here. */
  drain: () => void;
  close: () => Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  logger?: Logger;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  metrics?: PetstoreMetrics;
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config, options.logDestination);
  const metrics = options.metrics ?? new PetstoreMetrics();
  const stores = await openStores(config, clock);
  const keys = countDatabaseErrors(stores.keys, 'keys', metrics);
  const accounts = new AccountService({ keys, clock });
  const devKey = stores.kind === 'memory' ? await registerDevKey(accounts, config.PETSTORE_DEV_API_KEY) : undefined;
  let draining = false;
  return {
    config,
    logger,
    clock,
    metrics,
    store: stores.kind,
    pets: new PetService({
      pets: countDatabaseErrors(stores.pets, 'pets', metrics),
      ids: countDatabaseErrors(stores.ids, 'ids', metrics),
      idempotency: countDatabaseErrors(stores.idempotency, 'idempotency', metrics),
      clock,
    }),
    accounts,
    authenticate: createAuthenticator(keys, rateLimit(config, clock)),
    maxBodyBytes: config.PETSTORE_MAX_BODY_BYTES,
    publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
    devKey,
    ready: async () => !draining && (await within(config.MONGODB_TIMEOUT_MS, stores.ready())),
    drain: () => {
      draining = true;
    },
    close: stores.close,
  };
}

/** A readiness probe answers in bounded time whatever the driver does: false past the deadline. */
async function within(ms: number, check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.catch(() => false), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A limit of 0 turns rate limiting off (for benchmarks and trusted networks). */
function rateLimit(config: Config, clock: Clock) {
  if (config.PETSTORE_RATE_LIMIT === 0) return {};
  return {
    rateLimiter: new FixedWindowRateLimiter({
      limit: config.PETSTORE_RATE_LIMIT,
      windowSeconds: config.PETSTORE_RATE_WINDOW_SECONDS,
      clock,
    }),
  };
}
