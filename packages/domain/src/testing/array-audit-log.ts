import type { AuditLog, AuditQuery, AuditRecord } from '../audit/ports.js';

/** The smallest audit log, for unit tests. */
export class ArrayAuditLog implements AuditLog {
  records: AuditRecord[] = [];
  async append(record: AuditRecord) {
    this.records.push(structuredClone(record));
  }
  async list(query: AuditQuery) {
    return this.records
      .filter((r) => (query.accountId === undefined || r.accountId === query.accountId) && (query.since === undefined || r.at >= query.since))
      .toReversed();
  }
}
