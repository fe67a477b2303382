import { AccountService, KeyService, systemClock, type Clock, type KeyEnvironment, type KeyTags } from '@petstore/domain';
import type { Stores } from '@petstore/runtime';
import type { CliConfig } from './config.js';
import { operatorPeople } from './operator-people.js';

/**
 * The services the operator's commands call, over the database directly, as the service builds
 * its own: the account service, the key service (the one writer of keys, called as the operator:
 * docs/key-management.md) and the people service.
 */
export function operatorServices(
  config: Pick<CliConfig, 'actor' | 'publicBaseUrl' | 'signUpPolicy'> & { keyEnvironment?: KeyEnvironment },
  stores: Pick<Stores, 'keys' | 'audit' | 'people' | 'keyClaims'>,
  keyTags: KeyTags,
  clock: Clock = systemClock,
) {
  const { keys: store, audit, keyClaims: claims } = stores;
  const { actor, keyEnvironment } = config;
  const accounts = new AccountService({ keys: store, audit, clock, actor });
  // The operator is held by no account limit (it sets them), and the command line has no other caller.
  const keys = new KeyService({ keys: store, audit, claims, clock, actor, ...(keyEnvironment && { keyEnvironment }), keyTags, maxRateLimit: null });
  return { accounts, keys, people: operatorPeople(config, stores, { accounts, keyService: keys }, clock) };
}
