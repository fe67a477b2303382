import { DomainError } from '@petstore/domain';
import type { Collection, Document, OptionalUnlessRequiredId } from 'mongodb';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';

/** Inserts a document whose `_id` (and any unique index) must be new; a duplicate is a conflict. */
export function insertUnique<T extends Document>(
  collection: Collection<T>,
  document: OptionalUnlessRequiredId<T>,
  conflictMessage: string,
): Promise<void> {
  const asConflict = (error: unknown): never => {
    if (isDuplicateKeyError(error)) throw new DomainError('conflict', conflictMessage, { cause: error });
    throw error;
  };
  return withDriverErrors(() => collection.insertOne(document).then(nothing, asConflict));
}

const nothing = (): void => {};
