import type { KeyKind } from './ports.js';

/**
 * The environment a key was issued for, written into its text so that a production key pasted into
 * a staging job (or the reverse) is refused for what it is, and so that secret scanners and people
 * can tell a leaked production key from a test one.
 */
export type KeyEnvironment = 'live' | 'test';

/** What every secret key's text starts with: `psk_live_…` for production keys, `psk_test_…` for the others. */
export const KEY_TEXT_PREFIXES: Readonly<Record<KeyEnvironment, string>> = { live: 'psk_live_', test: 'psk_test_' };

/**
 * What a browser key's text starts with: `pub` says, to a person, a secret scanner or a code
 * review, that this key is meant to be seen by every visitor of a page (as Stripe's `pk_live_`),
 * while `psk_` still says whose key it is and the environment where it works.
 */
export const BROWSER_KEY_TEXT_PREFIXES: Readonly<Record<KeyEnvironment, string>> = { live: 'psk_pub_live_', test: 'psk_pub_test_' };

/** Every prefix naming a kind and an environment, longest first, so a browser key's `psk_pub_live_` is found before any shorter one. */
export const MARKED_KEY_TEXT_PREFIXES: readonly string[] = [...Object.values(BROWSER_KEY_TEXT_PREFIXES), ...Object.values(KEY_TEXT_PREFIXES)];

/** The text a new key of `kind` starts with in `environment`. */
export function keyTextPrefix(kind: KeyKind, environment: KeyEnvironment): string {
  return (kind === 'browser' ? BROWSER_KEY_TEXT_PREFIXES : KEY_TEXT_PREFIXES)[environment];
}

/**
 * The key environment of a service environment (PETSTORE_ENV): production issues live keys;
 * staging and development issue test keys, so a key of either works at neither production nor
 * the other way round, but a developer can try a staging key against a local server.
 */
export function keyEnvironmentOf(serviceEnvironment: 'development' | 'staging' | 'production'): KeyEnvironment {
  return serviceEnvironment === 'production' ? 'live' : 'test';
}

/** Why a key's text shows it belongs to the other environment, naming both; undefined for any other text. */
export type ForeignKeyRefusal = (keyText: string) => string | undefined;

/** How a service of `environment` recognises a key of the other one, secret or browser, from its text alone. */
export function foreignKeyRefusal(environment: KeyEnvironment): ForeignKeyRefusal {
  const other: KeyEnvironment = environment === 'live' ? 'test' : 'live';
  const [secretPrefix, browserPrefix] = [KEY_TEXT_PREFIXES[other], BROWSER_KEY_TEXT_PREFIXES[other]];
  const [secret, browser] =
    environment === 'live'
      ? [
          'this key is a test key (psk_test_…); this is the production service: use a live key (psk_live_…)',
          'this key is a test browser key (psk_pub_test_…); this is the production service: use a live browser key (psk_pub_live_…)',
        ]
      : [
          'this key is a live key (psk_live_…) of the production service; this is a test service: use a test key (psk_test_…)',
          'this key is a live browser key (psk_pub_live_…) of the production service; this is a test service: use a test browser key (psk_pub_test_…)',
        ];
  return (keyText) => (keyText.startsWith(secretPrefix) ? secret : keyText.startsWith(browserPrefix) ? browser : undefined);
}
