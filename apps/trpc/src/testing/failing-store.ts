import type { IdSource, PetStore } from '@petstore/domain';

/** A store whose every method throws `error`, to see what clients get when the store breaks. */
export function failingStore(error: unknown): PetStore & IdSource {
  const fail = async (): Promise<never> => {
    throw error;
  };
  return { insert: fail, list: fail, get: fail, next: fail };
}
