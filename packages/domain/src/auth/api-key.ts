import { hash, randomBytes } from 'node:crypto';
import { MARKED_KEY_TEXT_PREFIXES } from './key-environment.js';

/**
 * Keys are 32 random bytes behind a recognisable prefix naming their kind and environment (so secret
 * scanners and people can tell what leaked, and where), followed by a tag the service checks before
 * any lookup (see KeyTags). A fast hash is enough: the key is high-entropy, so it cannot be guessed
 * from it.
 */
const LEGACY_PREFIX = 'psk_';
/** Enough of the random part to tell an account's keys apart in a listing. */
const DISPLAYED_RANDOM_CHARACTERS = 6;

/** Every request hashes its key: the one-shot `hash` takes half the time of a Hash object. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** The key's kind and environment prefix (or the bare `psk_` of a key issued before environments) and six characters more. */
export function displayPrefix(key: string): string {
  const marked = MARKED_KEY_TEXT_PREFIXES.find((prefix) => key.startsWith(prefix));
  return key.slice(0, (marked ?? LEGACY_PREFIX).length + DISPLAYED_RANDOM_CHARACTERS);
}

export function randomId(kind: 'acc' | 'key' | 'per' | 'inv'): string {
  return `${kind}_${randomBytes(12).toString('base64url')}`;
}
