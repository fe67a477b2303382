import { byCodeUnits } from '../ordering/oldest-first.js';
import type { AuditQuery, AuditRecord } from './ports.js';

/**
 * What AuditLog.list means, for stores that list in this process (the embedded store, the tests'):
 * MongoDB's adapter says the same as a query.
 */
export function matchesAuditQuery(record: AuditRecord, query: AuditQuery): boolean {
  const { accountId, since, actor, action, keyId, before } = query;
  if (accountId !== undefined && record.accountId !== accountId) return false;
  if (since !== undefined && record.at < since) return false;
  if (actor !== undefined && record.actor !== actor) return false;
  if (action !== undefined && record.action !== action) return false;
  if (keyId !== undefined && record.keyId !== keyId) return false;
  return before === undefined || newestFirst(record, { at: before.at, id: before.id }) > 0;
}

/** The listing's order: newest first by `at`, then by id (ids sort in the order records were written). */
export function newestFirst(a: Pick<AuditRecord, 'at' | 'id'>, b: Pick<AuditRecord, 'at' | 'id'>): number {
  return b.at.getTime() - a.at.getTime() || byCodeUnits(b.id, a.id);
}

/** The records a query lists, newest first, at most its limit. */
export function listAuditRecords(records: Iterable<AuditRecord>, query: AuditQuery): AuditRecord[] {
  const listed = [...records].filter((record) => matchesAuditQuery(record, query)).sort(newestFirst);
  return query.limit === undefined ? listed : listed.slice(0, query.limit);
}
