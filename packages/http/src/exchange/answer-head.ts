import type { RateLimitState } from '@petstore/domain';
import { rateLimitHeaders } from '../rate-limit-headers.js';

/** Headers as Node's `writeHead` takes them in one array: name, value, name, value, ... */
export type HeaderList = Array<string | number>;

/**
 * The head of an answer: the standard headers, the RateLimit standing when there is one, then the
 * answer's `own` headers (those staged on the exchange, then those given to its writer). A
 * standard header the answer has its own value for is left to that value; `Vary` is the
 * exception, whose lists are joined, since each says what the answer depends on. Written as one
 * array, so that Node files no header through `setHeader` (half a microsecond each, and an answer
 * carries about fifteen).
 */
export function answerHead(standard: HeaderList, standing: RateLimitState | undefined, own: HeaderList): HeaderList {
  const ownNames = new Map<string, number>();
  for (let index = 0; index < own.length; index += 2) ownNames.set(String(own[index]).toLowerCase(), index);
  const varyAt = ownNames.get('vary');
  let vary = varyAt === undefined ? undefined : String(own[varyAt + 1]);
  const head: HeaderList = [];
  const add = (name: string, value: string | number): void => {
    const lower = name.toLowerCase();
    if (!ownNames.has(lower)) head.push(name, value);
    else if (lower === 'vary') vary = `${vary}, ${value}`;
  };
  for (let index = 0; index < standard.length; index += 2) add(String(standard[index]), standard[index + 1] as string);
  if (standing) for (const [name, value] of Object.entries(rateLimitHeaders(standing))) add(name, value);
  // The answer's own list is left as it was given: a constant list is sent again with the next answer.
  for (let index = 0; index < own.length; index += 2)
    head.push(own[index] as string, index === varyAt ? (vary as string) : (own[index + 1] as string | number));
  return head;
}
