import type { AuditAction, AuditChange, AuditRecord } from '@petstore/domain';

/** One change to an account or key, as the `audit_log` collection keeps it; never a key or its hash. */
export interface AuditDocument {
  _id: string;
  at: Date;
  actor: string;
  action: AuditAction;
  accountId: string;
  keyId: string | null;
  changes: Record<string, AuditChange>;
}

export function toAuditDocument({ id, ...rest }: AuditRecord): AuditDocument {
  return { _id: id, ...rest, changes: { ...rest.changes } };
}

export function fromAuditDocument(document: AuditDocument): AuditRecord {
  return {
    id: document._id,
    at: document.at,
    actor: document.actor,
    action: document.action,
    accountId: document.accountId,
    keyId: document.keyId,
    changes: document.changes,
  };
}
