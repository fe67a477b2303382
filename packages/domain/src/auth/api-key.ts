import { hash, randomBytes } from 'node:crypto';
import { BROWSER_KEY_TEXT_PREFIXES, KEY_TEXT_PREFIXES, keyTextPrefix, type KeyEnvironment } from './key-environment.js';
import type { KeyKind } from './ports.js';

/**
 * Keys are 32 random bytes behind a recognisable prefix naming their kind and environment (so secret
 * scanners and people can tell what leaked, and where). A fast hash is enough: the key is
 * high-entropy, so it cannot be guessed from it.
 */
const LEGACY_PREFIX = 'psk_';
/** Enough of the random part to tell an account's keys apart in a listing. */
const DISPLAYED_RANDOM_CHARACTERS = 6;

/** Every marked prefix, longest first, so a browser key's `psk_pub_live_` is found before any shorter one. */
const MARKED_PREFIXES = [...Object.values(BROWSER_KEY_TEXT_PREFIXES), ...Object.values(KEY_TEXT_PREFIXES)];

export function generateApiKey(environment: KeyEnvironment, kind: KeyKind = 'secret'): string {
  return keyTextPrefix(kind, environment) + randomBytes(32).toString('base64url');
}

/** Every request hashes its key: the one-shot `hash` takes half the time of a Hash object. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** The key's kind and environment prefix (or the bare `psk_` of a key issued before environments) and six characters more. */
export function displayPrefix(key: string): string {
  const marked = MARKED_PREFIXES.find((prefix) => key.startsWith(prefix));
  return key.slice(0, (marked ?? LEGACY_PREFIX).length + DISPLAYED_RANDOM_CHARACTERS);
}

export function randomId(kind: 'acc' | 'key' | 'per' | 'inv'): string {
  return `${kind}_${randomBytes(12).toString('base64url')}`;
}
