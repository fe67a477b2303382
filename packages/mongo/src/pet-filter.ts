import type { PetListFilter } from '@petstore/domain';
import type { Filter } from 'mongodb';
import { toLong } from './int64.js';
import type { PetDocument } from './pet-document.js';

/**
 * Builds the query from whitelisted fields with primitive values only, each behind `$eq`/`$gt`,
 * so no caller-supplied object can ever reach the server as an operator.
 */
export function buildPetFilter(filter: Omit<PetListFilter, 'limit'>): Filter<PetDocument> {
  const query: Filter<PetDocument> = {};
  if (filter.status !== undefined) {
    if (typeof filter.status !== 'string') throw new TypeError('status filter must be a string');
    query.status = { $eq: filter.status };
  }
  if (filter.afterId !== undefined) query._id = { $gt: toLong(filter.afterId) };
  return query;
}
