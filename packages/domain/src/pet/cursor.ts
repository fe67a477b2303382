import { DomainError } from '../errors/domain-error.js';
import { CURSOR_PATTERN, MAX_PET_ID } from './pet.schema.js';

/**
 * Cursors are opaque to clients so that the paging scheme can change without breaking them.
 * Today a cursor is the last id of a page written in base64url digits (most significant first),
 * 1 to 9 of them: 64^9 = 2^54 covers every id. Pages are ordered by id, so a walk returns every pet
 * that existed for the whole walk exactly once, whatever is written meanwhile.
 *
 * Every text of that shape is a position, and so a valid cursor: "after 0" is the first page and
 * a position past the largest id the last (empty) one. The published pattern is therefore exact:
 * a client or a fuzzer that follows it (CURSOR_PATTERN) never sends a cursor the service refuses.
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function encodeCursor(lastId: number): string {
  let rest = lastId;
  let cursor = '';
  do {
    cursor = `${DIGITS[rest % 64] ?? ''}${cursor}`;
    rest = Math.floor(rest / 64);
  } while (rest > 0);
  return cursor;
}

export function decodeCursor(cursor: string): number {
  if (!CURSOR_PATTERN.test(cursor)) {
    throw new DomainError('invalid_request', 'after: must be a cursor returned by a previous page');
  }
  let position = 0;
  for (const digit of cursor) position = position * 64 + DIGITS.indexOf(digit);
  // Past 2^53 the sum may round, but only to a value that is still past every id.
  return Math.min(position, MAX_PET_ID);
}
