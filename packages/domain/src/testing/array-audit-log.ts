import { listAuditRecords } from '../audit/audit-query.js';
import type { AuditLog, AuditQuery, AuditRecord } from '../audit/ports.js';

/** The smallest audit log, for unit tests. */
export class ArrayAuditLog implements AuditLog {
  records: AuditRecord[] = [];
  async append(record: AuditRecord) {
    this.records.push(structuredClone(record));
  }
  async list(query: AuditQuery) {
    return listAuditRecords(this.records, query).map((record) => structuredClone(record));
  }
}
