import { argon2PasswordHasher, checkPassword } from '@petstore/credentials';
import type { Config } from './config.js';
import {
  PeopleService,
  type AccountService,
  type AuditLog,
  type Clock,
  type KeyService,
  type KeyStore,
  type Mailer,
  type PeopleStore,
  type SignInThrottle,
  type SignUpPolicy,
} from '@petstore/domain';

export interface PeopleWiring {
  people: PeopleStore;
  keys: KeyStore;
  accounts: AccountService;
  keyService: KeyService;
  audit: AuditLog;
  clock: Clock;
  throttle: SignInThrottle;
  actor: string;
  /** Absent until mail is configured: verification is then off and links come from the operator. */
  mailer?: Mailer | undefined;
  /** Told of mail that could not be sent after an answer was given (the runtime logs it). */
  onMailFailure?: ((error: unknown) => void) | undefined;
}

export interface PeopleSettings {
  /** Where links point: PUBLIC_BASE_URL. */
  publicBaseUrl: string;
  /** PETSTORE_SIGNUP, as loadConfig decided it. */
  signUpPolicy: SignUpPolicy;
}

/**
 * The people service with production's parts: argon2id, the shipped password policy, the given
 * sign-in throttle. The service and the operator's command line both build theirs here.
 */
export function createPeopleService(settings: PeopleSettings, wiring: PeopleWiring): PeopleService {
  return new PeopleService({ ...wiring, ...settings, hasher: argon2PasswordHasher(), passwordPolicy: { checkPassword } });
}

/**
 * Where people's browsers reach the service (links, passkeys) and what every absolute URL it
 * answers starts with (Location, Link), the one origin the start-up output names: PUBLIC_BASE_URL,
 * or this machine's port in development. `localhost`, not 127.0.0.1: browsers
 * offer passkeys on localhost only (the one host they treat as secure without HTTPS). Never the
 * Host a request names, which its sender chooses: a reset link made from it could point anywhere.
 */
export function peoplesBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>, port = config.PORT): string {
  return config.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
}
