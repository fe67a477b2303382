import { DomainError } from '@petstore/domain';

/**
 * A request URL's query string as one value per name, for the operation's schema to check (unknown
 * names included: a misspelt filter would otherwise widen the answer unseen). A name given twice is
 * refused rather than one of its values picked silently.
 */
export function queryOf(url: string | undefined): Record<string, string> {
  const given: Record<string, string> = {};
  for (const [name, value] of new URL(url ?? '/', 'http://manage.invalid').searchParams) {
    if (Object.hasOwn(given, name)) throw new DomainError('invalid_request', `${name}: give it at most once`);
    given[name] = value;
  }
  return given;
}
