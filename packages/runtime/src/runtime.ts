import {
  AccountService,
  createAuthenticator,
  FixedWindowRateLimiter,
  PetService,
  systemClock,
  type Authenticate,
  type Clock,
} from '@petstore/domain';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { registerDevKey, type DevKey } from './dev-key.js';
import { createLogger } from './logger.js';
import { openStores, type Stores } from './stores.js';

/** Everything a door needs, wired once per process over one store. */
export interface Runtime {
  config: Config;
  logger: Logger;
  clock: Clock;
  store: Stores['kind'];
  pets: PetService;
  accounts: AccountService;
  authenticate: Authenticate;
  maxBodyBytes: number;
  publicBaseUrl: string;
  /** The key registered for the embedded store; undefined on MongoDB, where keys come from the CLI. */
  devKey: DevKey | undefined;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  logger?: Logger;
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config);
  const stores = await openStores(config, clock);
  const accounts = new AccountService({ keys: stores.keys, clock });
  const devKey = stores.kind === 'memory' ? await registerDevKey(accounts, config.PETSTORE_DEV_API_KEY) : undefined;
  return {
    config,
    logger,
    clock,
    store: stores.kind,
    pets: new PetService({ pets: stores.pets, ids: stores.ids, idempotency: stores.idempotency, clock }),
    accounts,
    authenticate: createAuthenticator(stores.keys, rateLimit(config, clock)),
    maxBodyBytes: config.PETSTORE_MAX_BODY_BYTES,
    publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
    devKey,
    ready: stores.ready,
    close: stores.close,
  };
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
