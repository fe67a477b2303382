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
    const filter: Filter<AuditDocument> = {};
    if (query.accountId !== undefined) filter.accountId = { $eq: query.accountId };
    if (query.since !== undefined) filter.at = { $gte: query.since };
    return withDriverErrors(async () => {
      const documents = await this.records.find(filter).sort({ at: -1, _id: -1 }).toArray();
      return documents.map(fromAuditDocument);
    });
  }
}
