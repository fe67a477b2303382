import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../people/ports.js';

/**
 * A salted SHA-256 PasswordHasher for unit tests only: argon2id's cost on every test sign-in would
 * make the suite slow and tell nothing more. Never exported from the package; production hashes
 * with @petstore/credentials' argon2id.
 */
export const fastTestPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('base64url');
    return `$test-sha256$${salt}$${hash('sha256', salt + password, 'base64url')}`;
  },
  async verify(stored, password) {
    const [, scheme, salt, digest] = stored.split('$');
    if (scheme !== 'test-sha256' || salt === undefined || digest === undefined) return false;
    const expected = Buffer.from(hash('sha256', salt + password, 'base64url'));
    const given = Buffer.from(digest);
    return expected.length === given.length && timingSafeEqual(expected, given);
  },
};
