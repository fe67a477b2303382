/**
 * The environment a key was issued for, written into its text so that a production key pasted into
 * a staging job (or the reverse) is refused for what it is, and so that secret scanners and people
 * can tell a leaked production key from a test one.
 */
export type KeyEnvironment = 'live' | 'test';

/** What every key's text starts with: `psk_live_…` for production keys, `psk_test_…` for the others. */
export const KEY_TEXT_PREFIXES: Readonly<Record<KeyEnvironment, string>> = { live: 'psk_live_', test: 'psk_test_' };

/**
 * The key environment of a service environment (PETSTORE_ENV): production issues live keys;
 * staging and development issue test keys, so a key of either works at neither production nor
 * the other way round, but a developer can try a staging key against a local server.
 */
export function keyEnvironmentOf(serviceEnvironment: 'development' | 'staging' | 'production'): KeyEnvironment {
  return serviceEnvironment === 'production' ? 'live' : 'test';
}

export interface ForeignKeyCheck {
  /** The text a key of the other environment starts with. */
  foreignPrefix: string;
  /** Why such a key is refused, naming both environments. */
  refusal: string;
}

/** How a service of `environment` recognises a key of the other one, from its text alone. */
export function foreignKeyCheck(environment: KeyEnvironment): ForeignKeyCheck {
  return environment === 'live'
    ? {
        foreignPrefix: KEY_TEXT_PREFIXES.test,
        refusal: 'this key is a test key (psk_test_…); this is the production service: use a live key (psk_live_…)',
      }
    : {
        foreignPrefix: KEY_TEXT_PREFIXES.live,
        refusal: 'this key is a live key (psk_live_…) of the production service; this is a test service: use a test key (psk_test_…)',
      };
}
