/** The pets every server under test holds, so every list answers the same 20 pets. */

export const LIST_SIZE = 20;

export interface BenchPet {
  name: string;
  categoryId: number;
  status: 'available';
}

/**
 * The n-th pet (from 1) as sent to a create: a stable name and a small category. Every pet is
 * available, so the example GraphQL consumer's list (available pets only) answers the same 20
 * pets as every other list.
 */
export function benchPet(n: number): BenchPet {
  return { name: `Pet ${n}`, categoryId: 1 + (n % 7), status: 'available' };
}

/** The 20 pets every list answers, as B0 and K0 send them: precomputed JSON. */
export function listBody(): Buffer {
  return Buffer.from(JSON.stringify(Array.from({ length: LIST_SIZE }, (_, i) => ({ id: i + 1, ...benchPet(i + 1) }))));
}

/** The body of the benchmark's creates. */
export const NEW_PET_BODY = JSON.stringify({ name: 'Bench pet', categoryId: 3, status: 'available' });
