import { keyEnvironmentOf, type KeyEnvironment, type SignUpPolicy } from '@petstore/domain';
import { ConfigError, loadConfig, resolveActor } from '@petstore/runtime';
import { UsageError } from './usage-error.js';

export interface CliConfig {
  mongodbUri: string;
  dbName: string;
  timeoutMs: number;
  /** Who the audit trail names for this command's changes: PETSTORE_ACTOR, or the operating-system user. */
  actor: string;
  /** PUBLIC_BASE_URL, which printed links point at; undefined when unset. */
  publicBaseUrl: string | undefined;
  /** PETSTORE_SIGNUP as the service reads it: `closed` refuses the operator's invitations to sign up too. */
  signUpPolicy: SignUpPolicy;
  /** The environment the keys it issues name in their text, as the service's (PETSTORE_ENV) would. */
  keyEnvironment: KeyEnvironment;
  /** PETSTORE_KEY_TAG_SECRETS, as the service reads it; undefined for the secret the database keeps. */
  keyTagSecrets: [string, ...string[]] | undefined;
}

/**
 * The service's own configuration check (the same variables, rules and messages as a server
 * start), plus what the command line needs beyond it: a database, since keys live there.
 * Every problem is a UsageError, exit 2.
 */
export function readConfig(env: Readonly<Record<string, string | undefined>>): CliConfig {
  let config;
  try {
    config = loadConfig({ ...env });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  if (!config.MONGODB_URI) {
    throw new UsageError('MONGODB_URI is not set: set it to the connection string of the service database, e.g. mongodb://localhost:27017');
  }
  return {
    mongodbUri: config.MONGODB_URI,
    dbName: config.MONGODB_DB,
    timeoutMs: config.MONGODB_TIMEOUT_MS,
    actor: resolveActor(config.PETSTORE_ACTOR),
    publicBaseUrl: config.PUBLIC_BASE_URL,
    signUpPolicy: config.PETSTORE_SIGNUP,
    keyEnvironment: keyEnvironmentOf(config.PETSTORE_ENV),
    keyTagSecrets: config.PETSTORE_KEY_TAG_SECRETS,
  };
}
