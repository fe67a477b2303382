type TypedArray = Float64Array | Uint32Array | Uint8Array;

/**
 * `array` itself when it has at least `length` elements, else a copy with room for twice as many:
 * amortised O(1) appends for the store's columns.
 */
export function withRoom<T extends TypedArray>(array: T, length: number): T {
  if (length <= array.length) return array;
  const bigger = new (array.constructor as new (size: number) => T)(Math.max(length, array.length * 2, 64));
  bigger.set(array);
  return bigger;
}
