import { argon2PasswordHasher, checkPassword } from '@petstore/credentials';
import {
  createSignInThrottle,
  PeopleService,
  systemClock,
  type AccountService,
  type AuditLog,
  type Clock,
  type KeyStore,
  type PeopleStore,
} from '@petstore/domain';
import type { CliConfig } from './config.js';
import { UsageError } from './usage-error.js';

/**
 * The people service as the operator's commands use it, over the database directly. It mails
 * nothing (the operator prints links and passes them on) and signs no one in; the hasher, policy
 * and throttle are the service's own, so nothing here is a weaker path to the same data.
 */
export function operatorPeople(
  config: Pick<CliConfig, 'actor' | 'publicBaseUrl' | 'signUpPolicy'>,
  stores: { people: PeopleStore; keys: KeyStore; audit: AuditLog },
  accounts: AccountService,
  clock: Clock = systemClock,
): PeopleService {
  return new PeopleService({
    ...stores,
    accounts,
    clock,
    hasher: argon2PasswordHasher(),
    passwordPolicy: { checkPassword },
    throttle: createSignInThrottle({ clock }),
    signUpPolicy: config.signUpPolicy,
    publicBaseUrl: config.publicBaseUrl ?? '',
    actor: config.actor,
  });
}

/** A printed link must open the portal wherever the person reads it: it needs the service's public address. */
export function requirePublicBaseUrl(config: CliConfig): void {
  if (config.publicBaseUrl === undefined) {
    throw new UsageError(
      "PUBLIC_BASE_URL is not set: links point at the service's portal, so set it to the address people reach the service at, e.g. https://petstore.example.com",
    );
  }
}
