import type { components, paths } from './generated/openapi.js';
import type { Int64Field, Int64Input } from './int64.js';

/** `T` with each int64 field (INT64_FIELDS), however deep, of type `Int64`. */
type WithInt64<T, Int64> = T extends readonly (infer Item)[]
  ? WithInt64<Item, Int64>[]
  : T extends object
    ? { [K in keyof T]: K extends Int64Field ? Int64 : WithInt64<T[K], Int64> }
    : T;

/** An operation whose int64 values are sent as a bigint or a safe number and read as a bigint. */
type ExactOperation<Operation> = {
  [K in keyof Operation]: K extends 'responses' ? WithInt64<Operation[K], bigint> : WithInt64<Operation[K], Int64Input>;
};

/**
 * The generated `paths` as this client sends and reads them. The generated file keeps what
 * openapi-typescript writes (an int64 is a `number` there, which cannot hold one exactly), so
 * the exact types are laid over it here.
 */
export type PetstorePaths = {
  [Path in keyof paths]: { [Method in keyof paths[Path]]: ExactOperation<paths[Path][Method]> };
};

/** A pet as the service answers it; `categoryId` is a bigint, exact over the whole int64 range. */
export type Pet = WithInt64<components['schemas']['Pet'], bigint>;
/** A pet to add; `categoryId` is a bigint or a safe integer number. */
export type NewPet = WithInt64<components['schemas']['NewPet'], Int64Input>;
