import { DomainError } from '@petstore/domain';
import type { Exchange } from '@petstore/http';

/**
 * The request's query string as one value per name, for the operation's schema to check (unknown
 * names included: it refuses them). A name given twice is refused rather than one of its values
 * picked silently.
 */
export function queryOf(exchange: Exchange): Record<string, string> {
  const params = new URL(exchange.req.url ?? '/', 'http://query.invalid').searchParams;
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(query, name)) throw new DomainError('invalid_request', `${name}: give it once`);
    query[name] = value;
  }
  return query;
}
