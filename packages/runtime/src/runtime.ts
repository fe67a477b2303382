import {
  AccountService,
  CachedKeyStore,
  createAuthenticator,
  createSignInThrottle,
  keyEnvironmentOf,
  FailedKeyThrottle,
  isDomainError,
  FixedWindowRateLimiter,
  KeyManagementService,
  KeyService,
  LastUseRecorder,
  PetService,
  type PeopleService,
  systemClock,
  type AuthenticatorOptions,
  type Clock,
  type KeyManagement,
  type KeyStore,
  type Mailer,
  type RateLimiter,
  type RateLimiterFactory,
  type SignInThrottle,
  type SignUpPolicy,
  UsageService,
} from '@petstore/domain';
import type { WritableKeyStore } from '@petstore/domain/key-writes';
import { createChallengeThrottle, PasskeyService } from '@petstore/passkeys';
import { createEnvelope, createHttpShell, PetstoreMetrics, type Envelope, type HttpShell } from '@petstore/http';
import { startTracing, type Tracing } from '@petstore/telemetry';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { resolveActor } from './actor.js';
import { startChallengePruning } from './challenge-pruning.js';
import { countDatabaseErrors } from './counted-stores.js';
import { registerDevKey, type DevKey } from './dev-key.js';
import { keyTagsOf } from './key-tags.js';
import { createLogger } from './logger.js';
import { chooseMailer, standardOutput } from './mailer.js';
import { createPeopleService, peoplesBaseUrl } from './people.js';
import { openStores, type Stores } from './stores.js';
import { warnOfLocalOrigin } from './public-origin-warning.js';
import { tracingSettings } from './tracing-config.js';
import { warnOfHopCount } from './trust-proxy-warning.js';
import { startUsageMetering } from './usage-metering.js';

/** Everything a door needs, wired once per process over one store: the one place services are assembled. */
export interface Runtime {
  config: Config;
  logger: Logger;
  clock: Clock;
  /** This runtime's Prometheus registry and metrics, served at /metrics. */
  metrics: PetstoreMetrics;
  /** OpenTelemetry tracing when the OTEL_* variables switch it on; undefined (and not loaded) otherwise. */
  tracing: Tracing | undefined;
  store: Stores['kind'];
  pets: PetService;
  accounts: AccountService;
  /** The one writer of keys: the management API's key operations and the operator's are its (docs/key-management.md). */
  keys: KeyService;
  /** The management API's key operations, for people and management keys (docs/key-management.md). */
  keyManagement: KeyManagement;
  /** People who sign in: sign-up, sessions, invitations, passwords (docs/people.md). */
  people: PeopleService;
  /**
   * Sends the links people are mailed (verification, invitations, resets): over SMTP when
   * PETSTORE_SMTP_URL is set, to the output outside production without it; undefined in production without it.
   */
  mailer: Mailer | undefined;
  /** Who may sign up: PETSTORE_SIGNUP, or its default for the environment and whether mail is configured. */
  signUpPolicy: SignUpPolicy;
  /** Passkeys, a second way for people to sign in (docs/passkeys.md). */
  passkeys: PasskeyService;
  /** Each key's metered calls: getUsage, the deprecation report, `petstore usage` (docs/usage.md). */
  usage: UsageService;
  /** The key check, body limits and per-operation cost every door's requests go through. */
  envelope: Envelope;
  /** Sign-in attempts per (email, client) and per client, shared by every instance on a database. */
  signInThrottle: SignInThrottle;
  /** The HTTP shell outermost in every app: each request's exchange, and the writer of every answer. */
  shell: HttpShell;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL, or `http://localhost:<port listened on>` (people.ts, peoplesBaseUrl). */
  publicOrigin: () => string;
  /** Told by serve() the port it listens on, which publicOrigin names when PORT is 0. */
  listening: (port: number) => void;
  /** The key registered for the embedded store; undefined on MongoDB, where keys come from the CLI. */
  devKey: DevKey | undefined;
  /** Whether requests can be served: the database answers (within MONGODB_TIMEOUT_MS) and no shutdown has begun. */
  ready: () => Promise<boolean>;
  /** From now on ready() says no, so a load balancer stops sending requests here. */
  drain: () => void;
  close: () => Promise<void>;
}

/** The pet doors, where browser keys are accepted and CORS follows the keys (docs/browser-keys.md). */
const BROWSER_KEY_DOORS = ['/v1', '/graphql', '/trpc'];
/** The management API answers its own origin only: the portal's sessions call it, never another site's page. */
const SAME_ORIGIN_ONLY = ['/manage'];

export interface RuntimeOptions {
  /** What the service takes the time from: its budgets' windows, key expiry, deprecation dates. */
  clock?: Clock;
  /** The stores to serve from, already open; by default those the configuration names (openStores). */
  stores?: Stores;
  /**
   * Where mail is written outside production without SMTP: standard output by default; null
   * writes none, leaving the service without a mailer as production without SMTP is.
   */
  mailOutput?: ((text: string) => void) | null;
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const logger = createLogger(config);
  warnOfHopCount(config, logger);
  warnOfLocalOrigin(config, logger);
  const metrics = new PetstoreMetrics();
  // Before the stores: the MongoDB driver's instrumentation must be in place before the driver loads.
  const settings = tracingSettings(config);
  const tracing = settings && (await startTracing(settings, { warn: (message) => logger.warn({ component: 'tracing' }, message) }));
  const stores = options.stores ?? (await openStores(config, clock));
  const keys = cacheKeys(config, clock, stores, countDatabaseErrors(stores.keys, 'keys', metrics));
  const audit = countDatabaseErrors(stores.audit, 'audit', metrics);
  const actor = resolveActor(config.PETSTORE_ACTOR);
  const keyEnvironment = keyEnvironmentOf(config.PETSTORE_ENV);
  const keyTags = await keyTagsOf(config.PETSTORE_KEY_TAG_SECRETS, stores.keyTagSecrets);
  const accounts = new AccountService({ keys, audit, clock, actor });
  const keyService = new KeyService({
    keys,
    audit,
    claims: countDatabaseErrors(stores.keyClaims, 'keyClaims', metrics),
    clock,
    actor,
    keyEnvironment,
    keyTags,
    // PETSTORE_RATE_LIMIT is every key's ceiling; 0 (no limit) sets none.
    maxRateLimit: config.PETSTORE_RATE_LIMIT === 0 ? null : config.PETSTORE_RATE_LIMIT,
  });
  const signInThrottle = createSignInThrottle({ clock, sharedLimiter: sharedLimiter(stores, metrics) });
  const { mailer, smtp } = chooseMailer(config, options.mailOutput === undefined ? standardOutput : options.mailOutput);
  // The people store as both services over it see it: one view, its database errors counted.
  const peopleStore = countDatabaseErrors(stores.people, 'people', metrics);
  const publicBaseUrl = peoplesBaseUrl(config);
  const links = { publicBaseUrl, signUpPolicy: config.PETSTORE_SIGNUP };
  const people = createPeopleService(links, {
    people: peopleStore,
    keys,
    accounts,
    keyService,
    audit,
    clock,
    throttle: signInThrottle,
    actor,
    mailer,
    // The error says why sending failed (never a link: messages are not logged).
    onMailFailure: (error) =>
      logger.warn({ component: 'mail', error: error instanceof Error ? error.message : String(error) }, 'a message could not be sent'),
  });
  const passkeys = new PasskeyService({
    people: peopleStore,
    sessions: people,
    audit,
    clock,
    actor,
    publicBaseUrl,
    // Shared by every instance on the database, as sign-in's budgets are: anyone may start a ceremony.
    throttle: createChallengeThrottle({ clock, sharedLimiter: sharedLimiter(stores, metrics) }),
  });
  const stopPruning = startChallengePruning({ passkeys, logger });
  const devKey = stores.kind === 'memory' ? await registerDevKey(accounts, keyService, config.PETSTORE_DEV_API_KEY) : undefined;
  const metering = startUsageMetering({ store: stores.usage, clock, metrics, logger });
  let draining = false;
  // The port the server listens on, once it does: PORT may be 0 (any free port), known only then.
  let listenedPort: number | undefined;
  const shell = createHttpShell({
    logger,
    metrics,
    usage: metering.meter,
    corsOrigins: config.PETSTORE_CORS_ORIGINS,
    browserKeyDoors: BROWSER_KEY_DOORS,
    sameOriginOnly: SAME_ORIGIN_ONLY,
    https: (config.PUBLIC_BASE_URL ?? '').startsWith('https://'),
    metricsToken: config.PETSTORE_METRICS_TOKEN,
    tracer: tracing?.requests,
    publicMetrics: config.PETSTORE_METRICS_PORT === undefined,
    trustedProxies: config.PETSTORE_TRUST_PROXY,
    bodyLimits: { maxBytes: config.PETSTORE_MAX_BODY_BYTES, timeoutMs: config.PETSTORE_BODY_TIMEOUT_SECONDS * 1000 },
  });
  return {
    config,
    logger,
    clock,
    metrics,
    tracing,
    store: stores.kind,
    // Each store call is bounded by MONGODB_TIMEOUT_MS, and so is each operation made of several
    // (an idempotent create, a key lookup and a lease claim), so a slow database cannot add them up.
    pets: stores.bound(
      new PetService({
        pets: countDatabaseErrors(stores.pets, 'pets', metrics),
        ids: countDatabaseErrors(stores.ids, 'ids', metrics),
        idempotency: countDatabaseErrors(stores.idempotency, 'idempotency', metrics),
        clock,
      }),
    ),
    accounts,
    keys: stores.bound(keyService),
    keyManagement: stores.bound(new KeyManagementService({ keyService, keys, people: peopleStore, audit, clock })),
    people: stores.bound(people),
    passkeys: stores.bound(passkeys),
    mailer,
    signUpPolicy: config.PETSTORE_SIGNUP,
    usage: stores.bound(new UsageService({ store: stores.usage, clock })),
    envelope: createEnvelope({
      authenticate: stores.bound({
        authenticate: createAuthenticator(keys, {
          keyTags,
          ...failedKeyThrottle(config, clock),
          clock,
          lastUse: lastUse(keys, logger),
          environment: keyEnvironment,
        }),
      }).authenticate,
      rateLimiter: rateLimiter(config, clock, stores, metrics),
      defaultRateLimit: config.PETSTORE_RATE_LIMIT,
      browserKeyClientLimit: config.PETSTORE_BROWSER_KEY_CLIENT_LIMIT,
    }),
    signInThrottle,
    shell,
    publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
    publicOrigin: () => peoplesBaseUrl(config, listenedPort),
    listening: (port) => {
      listenedPort = port;
    },
    devKey,
    ready: async () => !draining && (await within(config.MONGODB_TIMEOUT_MS, stores.ready())),
    drain: () => {
      draining = true;
      shell.drain();
    },
    close: async () => {
      smtp?.close();
      // What this instance counted since its last flush, and a prune under way, before the database goes.
      await metering.flusher.close();
      await stopPruning();
      await stores.close();
      await tracing?.shutdown();
    },
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

/**
 * Each charge carries its key's limit (its own, or PETSTORE_RATE_LIMIT, where 0 leaves keys without
 * their own limit unlimited). On MongoDB the budget is shared by every instance unless
 * PETSTORE_RATE_LIMIT_SCOPE=instance.
 */
function rateLimiter(config: Config, clock: Clock, stores: Stores, metrics: PetstoreMetrics): RateLimiter {
  const window = { windowSeconds: config.PETSTORE_RATE_WINDOW_SECONDS, clock };
  const shared = config.PETSTORE_RATE_LIMIT_SCOPE === 'shared' ? sharedLimiter(stores, metrics) : undefined;
  return shared ? shared(window) : new FixedWindowRateLimiter(window);
}

/**
 * Budgets every instance on the database shares (undefined on the embedded store). The sign-in and
 * passkey-challenge throttles always take them there, whatever PETSTORE_RATE_LIMIT_SCOPE: with N
 * instances counting on their own, a client spread over them would have N times the allowance.
 */
function sharedLimiter(stores: Stores, metrics: PetstoreMetrics): RateLimiterFactory | undefined {
  const shared = stores.sharedRateLimiter;
  return shared && ((window) => countDatabaseErrors(shared(window), 'rateLimits', metrics));
}

/** Keeps each key's last use for `keys list`: at most one write per key per instance per minute, never in a request's way. */
function lastUse(keys: KeyStore, logger: Logger): LastUseRecorder {
  return new LastUseRecorder({
    keys,
    maxKeys: KEY_CACHE_ENTRIES,
    onError: (error) =>
      logger.warn({ component: 'last-use', code: isDomainError(error) ? error.code : 'internal_error' }, "could not record a key's last use"),
  });
}

/** Key records come from the database only once per PETSTORE_KEY_CACHE_SECONDS; the embedded store needs no cache. */
function cacheKeys(config: Config, clock: Clock, stores: Stores, keys: WritableKeyStore): WritableKeyStore {
  if (stores.kind === 'memory' || config.PETSTORE_KEY_CACHE_SECONDS === 0) return keys;
  return new CachedKeyStore(keys, { lifetimeSeconds: config.PETSTORE_KEY_CACHE_SECONDS, maxEntries: KEY_CACHE_ENTRIES, clock });
}

function failedKeyThrottle(config: Config, clock: Clock): Pick<AuthenticatorOptions, 'failedKeyThrottle'> {
  const perMinute = config.PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE;
  if (perMinute === 0) return {};
  return { failedKeyThrottle: new FailedKeyThrottle({ perMinute, maxAddresses: THROTTLED_ADDRESSES, maxRealKeys: KEY_CACHE_ENTRIES, clock }) };
}

/** Bounds of what a process remembers about keys and addresses (a few MB at most). */
const KEY_CACHE_ENTRIES = 10_000;
const THROTTLED_ADDRESSES = 100_000;
