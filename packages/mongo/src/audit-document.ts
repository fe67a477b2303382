import type { AuditRecord } from '@petstore/domain';

/** One change to an account or key, as the `audit_log` collection keeps it (its id as `_id`); never a key or its hash. */
export type AuditDocument = Omit<AuditRecord, 'id'> & { _id: string };

export function toAuditDocument({ id, ...rest }: AuditRecord): AuditDocument {
  return { _id: id, ...rest, changes: { ...rest.changes } };
}

export function fromAuditDocument({ _id, ...rest }: AuditDocument): AuditRecord {
  return { id: _id, ...rest };
}
