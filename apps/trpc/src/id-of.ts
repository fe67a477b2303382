import { int64FromWire } from './int64-wire.js';

/**
 * The `id` of a `pets.get` input, unchecked. PetService validates it after its sunset check,
 * so once the operation is gone, every call answers "gone", whatever the input.
 */
export function idOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null ? int64FromWire((input as Record<string, unknown>)['id']) : undefined;
}
