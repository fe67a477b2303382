import { hash, randomBytes } from 'node:crypto';

/**
 * Keys are 32 random bytes behind a recognisable prefix (so secret scanners and people can tell
 * what leaked). A fast hash is enough: the key is high-entropy, so it cannot be guessed from it.
 */
const KEY_PREFIX = 'psk_';
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Every request hashes its key: the one-shot `hash` takes half the time of a Hash object. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function randomId(kind: 'acc' | 'key' | 'per' | 'inv'): string {
  return `${kind}_${randomBytes(12).toString('base64url')}`;
}
