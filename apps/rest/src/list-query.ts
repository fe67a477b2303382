import { DomainError, ListQuery, type ListQueryInput } from '@petstore/domain';
import { singleValues, type Query } from '@petstore/http';

/** The list's parameters are the domain schema's fields, so the two cannot drift apart. */
const LIST_PARAMETERS: readonly string[] = Object.keys(ListQuery.shape);

/**
 * Turns the query string into the domain's list input. Only the syntax is handled here (unknown
 * and repeated parameters, digits to numbers); every bound and enum is the domain schema's to
 * check, so a non-numeric limit is passed on as text and refused there with the field's rule.
 */
export function listInputFromQuery(query: Query): ListQueryInput {
  const { limit, status, after } = queryParameters(query, LIST_PARAMETERS);
  return {
    ...(limit !== undefined && { limit: /^\d{1,16}$/.test(limit) ? Number(limit) : limit }),
    ...(status !== undefined && { status: status as ListQueryInput['status'] }),
    ...(after !== undefined && { after }),
  } as ListQueryInput;
}

/**
 * The query parameters an operation takes, each at most once. Anything else is refused rather
 * than ignored: a typo (`stauts=sold`) or an operator (`status[$ne]=sold`) would otherwise answer
 * with an unfiltered list that looks like a filtered one.
 */
export function queryParameters(query: Query, allowed: readonly string[]): Readonly<Record<string, string | undefined>> {
  const unknown = Object.keys(query).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    const names = unknown.map((name) => JSON.stringify(name)).join(', ');
    throw new DomainError('invalid_request', `query: unknown parameter${unknown.length > 1 ? 's' : ''} ${names}`);
  }
  return singleValues(query);
}
