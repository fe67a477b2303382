import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import type { NewPet } from '../pet/pet.schema.js';

/** Keys are opaque printable ASCII, as the IETF Idempotency-Key draft (and most clients' UUIDs) use. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[!-~]+$/);

export function checkIdempotencyKey(key: string): string {
  if (!IdempotencyKey.safeParse(key).success) {
    throw new DomainError('invalid_request', 'Idempotency-Key: must be 1 to 255 printable ASCII characters without spaces');
  }
  return key;
}

/** The same pet asked for twice must hash the same whatever the key order of the JSON it came in. */
export function fingerprintNewPet(pet: NewPet): string {
  // A bigint (only past 2^53) is written as a string, which no number categoryId can equal.
  const categoryId = typeof pet.categoryId === 'bigint' ? pet.categoryId.toString() : pet.categoryId;
  const canonical = JSON.stringify([pet.name, categoryId, pet.status ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}
