import { DisplayName } from '@petstore/domain';
import { parseTrustedProxies, TRUST_NO_PROXY } from '@petstore/http';
import { z } from 'zod';
import { optionalText } from './env-text.js';
import { KEY_TAG_VARIABLES } from './key-tags.js';
import { checkMail, MAIL_VARIABLES, signUpPolicy } from './mail-config.js';
import { TRACING_VARIABLES } from './tracing-config.js';

const integer = (min: number, max: number, fallback: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `must be from ${min} to ${max}` })
          .max(max, { error: `must be from ${min} to ${max}` }),
      )
      .optional()
      .transform((value) => value ?? fallback),
  );

const flag = optionalText.pipe(
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
);

/** Whose X-Forwarded-For entries are believed: `true` is one proxy (the one that connects), `false` none. */
const trustedProxies = optionalText.pipe(
  z
    .string()
    .transform((text, context) => {
      const trusted = parseTrustedProxies(text);
      if (trusted) return trusted;
      context.addIssue({
        code: 'custom',
        message:
          'must be the number of proxies in front of the service (0 to 99; true is 1, false is 0), or a comma-separated ' +
          'list of their addresses and CIDR ranges such as 10.0.0.0/8 and 2001:db8::/32',
      });
      return z.NEVER;
    })
    .optional()
    .transform((trusted) => trusted ?? TRUST_NO_PROXY),
);

/** What load balancers polling /readyz every few seconds need to stop sending (the manifests' probe period). */
const DEFAULT_DRAIN_SECONDS = 5;

/** Where development listens unless HOST says otherwise. */
const LOOPBACK = '127.0.0.1';

export const DEFAULT_PRODUCTION_URL = 'https://api.petstore.example/v1';
export const DEFAULT_STAGING_URL = 'https://staging.api.petstore.example/v1';

const apiBaseUrl = (fallback: string) =>
  optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL ending in /v1, such as https://api.petstore.example/v1' })
      .regex(/\/v1\/*$/, { error: 'must be an http(s) URL ending in /v1, such as https://api.petstore.example/v1' })
      .transform((url) => url.replace(/\/+$/, ''))
      .default(fallback),
  );

/** Comma-separated exact origins such as https://shop.example.com; scheme, host and port only. */
const originList = optionalText.pipe(
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(
      z.array(
        z.string().refine(isOrigin, {
          error: 'must be a comma-separated list of exact origins such as https://shop.example.com (scheme, host and port; no path, no *)',
        }),
      ),
    )
    .optional()
    .transform((origins) => origins ?? []),
);

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text;
  } catch {
    return false;
  }
}

/** Every setting the service reads, from the environment only, checked once at start-up. */
const ConfigSchema = z
  .object({
    PETSTORE_ENV: optionalText.pipe(
      z.enum(['development', 'staging', 'production'], { error: 'must be development, staging or production' }).default('development'),
    ),
    PORT: integer(0, 65535, 3000),
    /** The address to listen on: loopback in development (nothing outside this machine reaches it), every interface otherwise. */
    HOST: optionalText,
    PUBLIC_BASE_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://petstore.example.com' })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    /** The environments the published API document lists as its servers (the `/v1` base address of each). */
    PETSTORE_PRODUCTION_URL: apiBaseUrl(DEFAULT_PRODUCTION_URL),
    PETSTORE_STAGING_URL: apiBaseUrl(DEFAULT_STAGING_URL),
    MONGODB_URI: optionalText.pipe(
      z
        .string()
        .regex(/^mongodb(\+srv)?:\/\//, { error: 'must start with mongodb:// or mongodb+srv://' })
        .optional(),
    ),
    MONGODB_DB: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,63}$/, { error: 'must be a database name of letters, digits, _ or -' })
        .default('petstore'),
    ),
    MONGODB_TIMEOUT_MS: integer(100, 60_000, 3000),
    /** Connections each instance may open to each MongoDB server (the driver's default, 100). */
    MONGODB_MAX_POOL_SIZE: integer(1, 10_000, 100),
    PETSTORE_DEV_API_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9\-._~+/]{16,200}=*$/, { error: 'must be 16 to 200 characters of letters, digits and -._~+/' })
        .optional(),
    ),
    /** Who the audit trail names for changes made by this process (the CLI's); the operating-system user when unset. */
    // Set but blank is refused rather than read as unset: the trail would silently name someone else.
    PETSTORE_ACTOR: DisplayName.optional(),
    PETSTORE_MAX_BODY_BYTES: integer(256, 1024 * 1024, 16 * 1024),
    /** Time allowed for a request's headers, and for its whole body: past it, 408 and the connection closes. */
    PETSTORE_BODY_TIMEOUT_SECONDS: integer(1, 300, 10),
    /** Node's `maxHeaderSize`: larger request heads are refused with 431. */
    PETSTORE_MAX_HEADER_BYTES: integer(1024, 256 * 1024, 16 * 1024),
    PETSTORE_CORS_ORIGINS: originList,
    /** Production refuses the embedded store (it loses every pet on exit) unless this says otherwise. */
    PETSTORE_ALLOW_EMBEDDED_STORE: flag,
    /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
    PETSTORE_METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9\-._~+/]{16,200}=*$/, { error: 'must be 16 to 200 characters of letters, digits and -._~+/' })
        .optional(),
    ),
    /** When set, /metrics is served on this port (of HOST) instead of the public one. */
    PETSTORE_METRICS_PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a port number from 0 to 65535' })
        .transform(Number)
        .pipe(z.number().max(65535, { error: 'must be a port number from 0 to 65535' }))
        .optional(),
    ),
    /** How long a shutdown waits for requests in flight before closing their connections. */
    PETSTORE_SHUTDOWN_TIMEOUT_SECONDS: integer(0, 300, 10),
    /**
     * How long a shutdown keeps listening, /readyz answering 503, before it stops accepting
     * connections: the time load balancers take to see it and stop sending (docs/shutdown.md).
     * 5 in staging and production (the Kubernetes manifests rely on it), 0 in development.
     */
    PETSTORE_SHUTDOWN_DRAIN_SECONDS: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a whole number from 0 to 300' })
        .transform(Number)
        .pipe(z.number().max(300, { error: 'must be a whole number from 0 to 300' }))
        .optional(),
    ),
    // Generous by default (1,000 operations a second per key per instance): it stops runaway clients
    // without throttling a legitimate batch job; operators tighten it per deployment.
    PETSTORE_RATE_LIMIT: integer(0, 10_000_000, 60_000),
    PETSTORE_RATE_WINDOW_SECONDS: integer(1, 86_400, 60),
    /**
     * Operations per window one client address may spend of one browser key, on top of the key's
     * own budget, so one visitor of a page cannot spend the site's (docs/browser-keys.md); 0 turns it off.
     */
    PETSTORE_BROWSER_KEY_CLIENT_LIMIT: integer(0, 10_000_000, 60),
    /**
     * `shared`: one budget per key across every instance on the database, leased from MongoDB.
     * `instance`: each instance counts on its own. The embedded store always counts per instance.
     */
    PETSTORE_RATE_LIMIT_SCOPE: optionalText.pipe(z.enum(['shared', 'instance'], { error: 'must be shared or instance' }).default('shared')),
    /** How long a key record (or an unknown key) is believed without asking the database; 0 asks every time. */
    PETSTORE_KEY_CACHE_SECONDS: integer(0, 300, 5),
    /** Lookups of keys the store does not hold that one client may cause per minute before its unseen keys answer 429 (docs/key-throttle.md); 0 turns it off. */
    PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: integer(0, 1_000_000, 60),
    /** The proxies in front of the service, whose X-Forwarded-For entries name the client (docs/key-throttle.md). */
    PETSTORE_TRUST_PROXY: trustedProxies,
    ...KEY_TAG_VARIABLES,
    /** Both default to on outside production. */
    PETSTORE_GRAPHQL_INTROSPECTION: flag,
    PETSTORE_GRAPHQL_LANDING_PAGE: flag,
    /** Operations one batched GraphQL request may carry: the contract's 10 at most; 1 takes one operation per request. */
    PETSTORE_GRAPHQL_MAX_BATCH: integer(1, 10, 10),
    /** A manifest of the only GraphQL operations to run (persisted documents); unset, any operation runs. */
    PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS: optionalText,
    LOG_LEVEL: optionalText.pipe(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level such as info' }).default('info'),
    ),
    /** A file the JSON log lines are appended to instead of stdout (for a log shipper that tails files); unset, stdout. */
    LOG_FILE: optionalText,
    ...TRACING_VARIABLES,
    ...MAIL_VARIABLES,
  })
  .superRefine((config, context) => {
    for (const { variable, message } of checkMail(config)) context.addIssue({ code: 'custom', path: [variable], message });
    if (config.PETSTORE_ENV === 'production' && config.PETSTORE_METRICS_TOKEN === undefined && config.PETSTORE_METRICS_PORT === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['PETSTORE_METRICS_PORT'],
        message:
          'or PETSTORE_METRICS_TOKEN is required when PETSTORE_ENV is production: /metrics would be open to anyone on the public port ' +
          '(serve it on an internal port, or ask for a token)',
      });
    }
    if (config.PETSTORE_ENV === 'production' && !config.MONGODB_URI && config.PETSTORE_ALLOW_EMBEDDED_STORE !== true) {
      context.addIssue({
        code: 'custom',
        path: ['MONGODB_URI'],
        message:
          'is required when PETSTORE_ENV is production: the embedded store loses every pet and key on exit ' +
          '(set PETSTORE_ALLOW_EMBEDDED_STORE=true to run on it anyway)',
      });
    }
  })
  .transform((config) => ({
    ...config,
    HOST: config.HOST ?? (config.PETSTORE_ENV === 'development' ? LOOPBACK : undefined),
    PETSTORE_SHUTDOWN_DRAIN_SECONDS: config.PETSTORE_SHUTDOWN_DRAIN_SECONDS ?? (config.PETSTORE_ENV === 'development' ? 0 : DEFAULT_DRAIN_SECONDS),
    PETSTORE_SIGNUP: signUpPolicy(config),
  }));

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration, or throws one message naming every bad variable (never its value). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
}
