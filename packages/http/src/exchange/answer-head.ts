import type { ServerResponse } from 'node:http';
import type { RateLimitState } from '@petstore/domain';
import { rateLimitHeaders } from '../rate-limit-headers.js';

/** Headers as Node's `writeHead` takes them in one array: name, value, name, value, ... */
export type HeaderList = Array<string | number>;

/**
 * The head of an answer: the standard headers, the RateLimit standing when there is one, then the
 * door's own `given` headers. A standard header the door gives (or has set on the response, as
 * Koa's `ctx.set` does) is left to the door's value; `Vary` is the exception, whose lists are
 * joined, since each says what the answer depends on. Written as one array, so that Node files no
 * header through `setHeader` (half a microsecond each, and an answer carries about fifteen).
 */
export function answerHead(standard: HeaderList, standing: RateLimitState | undefined, given: HeaderList, res: ServerResponse): HeaderList {
  const givenNames = new Map<string, number>();
  for (let index = 0; index < given.length; index += 2) givenNames.set(String(given[index]).toLowerCase(), index);
  const head: HeaderList = [];
  const add = (name: string, value: string | number): void => {
    const lower = name.toLowerCase();
    const at = givenNames.get(lower);
    if (lower === 'vary' && at !== undefined) given[at + 1] = `${String(given[at + 1])}, ${value}`;
    else if (lower === 'vary' && res.hasHeader(name)) res.setHeader(name, `${String(res.getHeader(name))}, ${value}`);
    else if (at === undefined && !res.hasHeader(name)) head.push(name, value);
  };
  for (let index = 0; index < standard.length; index += 2) add(String(standard[index]), standard[index + 1] as string);
  if (standing) for (const [name, value] of Object.entries(rateLimitHeaders(standing))) add(name, value);
  for (const part of given) head.push(part);
  return head;
}
