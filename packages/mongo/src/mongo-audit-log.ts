import type { AuditLog, AuditQuery, AuditRecord } from '@petstore/domain';
import type { Collection, Db, Filter } from 'mongodb';
import { fromAuditDocument, toAuditDocument, type AuditDocument } from './audit-document.js';
import { auditCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { insertUnique } from './insert-unique.js';

/**
 * The audit trail in MongoDB: records are only ever inserted (the service has no update or
 * delete of them), each under an id of its own, so a retried insert cannot record a change twice.
 */
export class MongoAuditLog implements AuditLog {
  private readonly records: Collection<AuditDocument>;

  constructor(db: Db) {
    this.records = auditCollection(db);
  }

  append(record: AuditRecord): Promise<void> {
    return insertUnique(this.records, toAuditDocument(record), `audit record ${record.id} already exists`);
  }

  list(query: AuditQuery): Promise<AuditRecord[]> {
    return withDriverErrors(async () => {
      const cursor = this.records.find(auditFilter(query)).sort({ at: -1, _id: -1 });
      if (query.limit !== undefined) cursor.limit(query.limit);
      return (await cursor.toArray()).map(fromAuditDocument);
    });
  }
}

function auditFilter(query: AuditQuery): Filter<AuditDocument> {
  const filter: Filter<AuditDocument> = {};
  if (query.accountId !== undefined) filter.accountId = { $eq: query.accountId };
  if (query.actor !== undefined) filter.actor = { $eq: query.actor };
  if (query.action !== undefined) filter.action = { $eq: query.action };
  if (query.keyId !== undefined) filter.keyId = { $eq: query.keyId };
  const { since, before } = query;
  if (since !== undefined) filter.at = { $gte: since };
  // Older than the last record of the page before, in the listing's order (at, then id).
  if (before !== undefined) filter.$or = [{ at: { $lt: before.at } }, { at: { $eq: before.at }, _id: { $lt: before.id } }];
  return filter;
}
