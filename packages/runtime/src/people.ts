import { argon2PasswordHasher, checkPassword } from '@petstore/credentials';
import {
  PeopleService,
  type AccountService,
  type AuditLog,
  type Clock,
  type KeyStore,
  type Mailer,
  type PeopleStore,
  type SignInThrottle,
  type SignUpPolicy,
} from '@petstore/domain';
import type { Logger } from 'pino';
import type { Config } from './config.js';

export interface PeopleWiring {
  people: PeopleStore;
  keys: KeyStore;
  accounts: AccountService;
  audit: AuditLog;
  clock: Clock;
  throttle: SignInThrottle;
  actor: string;
  logger: Logger;
  /** Absent unless mail is configured (PETSTORE_SMTP_URL): verification is then off and links come from the operator. */
  mailer: Mailer | undefined;
  /** PETSTORE_SIGNUP, or its default for the environment and whether mail is configured. */
  signUpPolicy: SignUpPolicy;
}

/** The people service with production's parts: argon2id, the shipped password policy, the shared sign-in throttle. */
export function createPeopleService(config: Config, wiring: PeopleWiring): PeopleService {
  const { logger, throttle, mailer, signUpPolicy, ...stores } = wiring;
  return new PeopleService({
    ...stores,
    hasher: argon2PasswordHasher(),
    passwordPolicy: { checkPassword },
    throttle,
    signUpPolicy,
    mailer,
    // The error may name the recipient's server, never a link: messages are not logged.
    onMailFailure: (error) =>
      logger.warn({ component: 'mail', error: error instanceof Error ? error.message : String(error) }, 'a message could not be sent'),
    publicBaseUrl: peoplesBaseUrl(config),
    actor: stores.actor,
  });
}

/** Where people's browsers reach the service (links, passkeys): PUBLIC_BASE_URL, or this machine's port in development. */
export function peoplesBaseUrl(config: Config): string {
  return config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`;
}
