import { AUDIT_ACTIONS, type AuditAction, type AuditPosition, type AuditQuery, type AuditRecord } from '../audit/ports.js';
import { DomainError } from '../errors/domain-error.js';
import type { AuditRecordsPage, AuditRecordsQuery } from './ports.js';

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 100;

/**
 * The store query for one page of an account's audit records: the filters checked (400 naming the
 * field), one record more than the page so that its presence tells whether an older page follows.
 * The door may hand values over as it read them (`new Date(text)`, `Number(text)`): they are
 * judged here.
 */
export function auditPageQuery(accountId: string, query: AuditRecordsQuery): AuditQuery & { limit: number } {
  const limit = query.limit ?? DEFAULT_AUDIT_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE) invalid(`limit: must be a whole number from 1 to ${MAX_AUDIT_PAGE}`);
  if (query.action !== undefined && !isAuditAction(query.action)) {
    invalid(`action: unknown action "${String(query.action)}"; the actions are ${AUDIT_ACTIONS.join(', ')}`);
  }
  if (query.since !== undefined && !(query.since instanceof Date && !Number.isNaN(query.since.getTime()))) {
    invalid('since: must be an ISO 8601 instant');
  }
  return {
    accountId,
    actor: query.actor,
    action: query.action,
    keyId: query.keyId,
    since: query.since,
    before: query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor),
    limit: limit + 1,
  };
}

/** The page of `records` (read with auditPageQuery's limit), and the cursor of the next older one when there is one. */
export function auditPage(records: AuditRecord[], query: { limit: number }): AuditRecordsPage {
  const page = records.slice(0, query.limit - 1);
  const last = page.at(-1);
  return { records: page, next: records.length >= query.limit && last ? encodeAuditCursor(last) : null };
}

/** Opaque to clients; the position of the last record of a page, so appends meanwhile never shift the next page. */
export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (Array.isArray(decoded) && decoded.length === 2 && typeof decoded[0] === 'string' && typeof decoded[1] === 'string') {
    const at = new Date(decoded[0]);
    if (!Number.isNaN(at.getTime())) return { at, id: decoded[1] };
  }
  return invalid("cursor: not a cursor this service gave; use a page's `next` as it came");
}

function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

function invalid(message: string): never {
  throw new DomainError('invalid_request', message);
}
