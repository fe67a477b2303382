import { hash, verify, type Options } from '@node-rs/argon2';
import type { PasswordHasher } from '@petstore/domain';

/**
 * OWASP's Password Storage Cheat Sheet, argon2id's first configuration: 19 MiB of memory, two
 * passes, one lane. Memory is what makes a guess costly on a GPU; one lane keeps each hash on one
 * of libuv's threads, so concurrent sign-ins queue rather than take every core at once.
 */
export const ARGON2ID_OPTIONS: Readonly<Options> = Object.freeze({
  // Algorithm.Argon2id: the package declares its enum `const`, which this build (isolated modules) cannot read by name.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

/**
 * Hashes passwords as argon2id PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), which carry
 * their own parameters and salt: a hash made under older parameters still verifies. Passwords are
 * compared in Unicode NFC (RFC 8265's OpaqueString), so "é" typed as one code point or as "e" and a
 * combining accent, as different keyboards do, is the same password.
 */
export function argon2PasswordHasher(): PasswordHasher {
  return {
    hash: (password) => hash(password.normalize('NFC'), ARGON2ID_OPTIONS),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password.normalize('NFC'));
      } catch {
        // The library rejects a hash it cannot parse (truncated, another scheme, empty) with a plain
        // Error naming no cause a caller could act on; such a hash matches no password.
        return false;
      }
    },
  };
}
