import { DomainError } from '../errors/domain-error.js';
import { PetId } from './pet.schema.js';

/**
 * Cursors are opaque to clients so that the paging scheme can change without breaking them.
 * Today a cursor carries the last id of a page: pages are ordered by id, so a walk returns every
 * pet that existed for the whole walk exactly once, whatever is written meanwhile.
 */
const PREFIX = 'pets:v1:';

export function encodeCursor(lastId: number): string {
  return Buffer.from(`${PREFIX}${lastId}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || !PetId.safeParse(id).success) {
    throw new DomainError('invalid_request', 'after: must be a cursor returned by a previous page');
  }
  return id;
}
