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
  const head: HeaderList = [];
  const add = (name: string, value: string | number): void => {
    const lower = name.toLowerCase();
    const at = ownNames.get(lower);
    if (at === undefined) head.push(name, value);
    else if (lower === 'vary') own[at + 1] = `${String(own[at + 1])}, ${value}`;
  };
  for (let index = 0; index < standard.length; index += 2) add(String(standard[index]), standard[index + 1] as string);
  if (standing) for (const [name, value] of Object.entries(rateLimitHeaders(standing))) add(name, value);
  for (const part of own) head.push(part);
  return head;
}
