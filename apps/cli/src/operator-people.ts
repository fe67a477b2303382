import {
  createSignInThrottle,
  systemClock,
  type AccountService,
  type KeyService,
  type AuditLog,
  type Clock,
  type KeyStore,
  type PeopleService,
  type PeopleStore,
} from '@petstore/domain';
import { createPeopleService } from '@petstore/runtime';
import type { CliConfig } from './config.js';
import { UsageError } from './usage-error.js';

/**
 * The people service as the operator's commands use it, over the database directly, built as the
 * service builds its own. It mails nothing (the operator prints links and passes them on) and
 * signs no one in, so its sign-in throttle is this process's alone.
 */
export function operatorPeople(
  config: Pick<CliConfig, 'actor' | 'publicBaseUrl' | 'signUpPolicy'>,
  stores: { people: PeopleStore; keys: KeyStore; audit: AuditLog },
  services: { accounts: AccountService; keyService: KeyService },
  clock: Clock = systemClock,
): PeopleService {
  const { people, keys, audit } = stores;
  return createPeopleService(
    { publicBaseUrl: config.publicBaseUrl ?? '', signUpPolicy: config.signUpPolicy },
    { people, keys, audit, ...services, clock, throttle: createSignInThrottle({ clock }), actor: config.actor },
  );
}

/** A printed link must open the portal wherever the person reads it: it needs the service's public address. */
export function requirePublicBaseUrl(config: CliConfig): void {
  if (config.publicBaseUrl === undefined) {
    throw new UsageError(
      "PUBLIC_BASE_URL is not set: links point at the service's portal, so set it to the address people reach the service at, e.g. https://petstore.example.com",
    );
  }
}
