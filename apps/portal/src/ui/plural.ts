/** A count and its noun, singular for one: "1 call", "4 calls". */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
