import type { AuditRecord } from '@petstore/domain';

/**
 * One change to an account, key or person, as the `audit_log` collection keeps it (its id as
 * `_id`); never a key, password, token or hash. Records written before the trail named the client
 * address and the person concerned have neither field: each reads as null (the command line's, and
 * no person), so no migration is needed.
 */
export type AuditDocument = Omit<AuditRecord, 'id' | 'clientAddress' | 'personId'> & {
  _id: string;
  clientAddress?: string | null;
  personId?: string | null;
};

export function toAuditDocument({ id, ...rest }: AuditRecord): AuditDocument {
  return { _id: id, ...rest, changes: { ...rest.changes } };
}

export function fromAuditDocument({ _id, clientAddress, personId, ...rest }: AuditDocument): AuditRecord {
  return { id: _id, ...rest, clientAddress: clientAddress ?? null, personId: personId ?? null };
}
