import { DomainError, listAuditRecords, type AuditLog, type AuditQuery, type AuditRecord } from '@petstore/domain';

/** The embedded store's audit trail: append-only, in this process only, like everything it keeps. */
export class MemoryAuditLog implements AuditLog {
  private readonly records = new Map<string, AuditRecord>();

  async append(record: AuditRecord): Promise<void> {
    if (this.records.has(record.id)) throw new DomainError('conflict', `audit record ${record.id} already exists`);
    this.records.set(record.id, structuredClone(record));
  }

  async list(query: AuditQuery): Promise<AuditRecord[]> {
    return listAuditRecords(this.records.values(), query).map((record) => structuredClone(record));
  }
}
