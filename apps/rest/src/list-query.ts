import { DomainError, type ListQueryInput } from '@petstore/domain';

type RawQuery = Record<string, string | string[] | undefined>;

/**
 * Turns the query string into the domain's list input. Only the syntax is handled here (repeated
 * parameters, digits to numbers); every bound and enum is the domain schema's to check, so a
 * non-numeric limit is passed on as text and refused there with the field's rule.
 */
export function listInputFromQuery(query: RawQuery): ListQueryInput {
  const limit = single(query, 'limit');
  const status = single(query, 'status');
  const after = single(query, 'after');
  return {
    ...(limit !== undefined && { limit: /^\d{1,16}$/.test(limit) ? Number(limit) : limit }),
    ...(status !== undefined && { status: status as ListQueryInput['status'] }),
    ...(after !== undefined && { after }),
  } as ListQueryInput;
}

function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw new DomainError('invalid_request', `${name}: must be given at most once`);
  return value;
}
