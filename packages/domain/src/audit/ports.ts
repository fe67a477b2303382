/** Every kind of change to an account or a key, each recorded once in the audit trail. */
export const AUDIT_ACTIONS = [
  'account.created',
  'account.suspended',
  'account.resumed',
  'key.created',
  'key.updated',
  'key.rolled',
  'key.revoked',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An attribute's value as the trail keeps it: instants as ISO 8601 text, never a key or its hash. */
export type AuditValue = string | number | null | readonly string[];

export interface AuditChange {
  from: AuditValue;
  to: AuditValue;
}

/** One change, appended once and never altered. */
export interface AuditRecord {
  /** Sorts by time, then by order of writing within one process. */
  id: string;
  at: Date;
  /** Who made the change: PETSTORE_ACTOR, or the operating-system user running the command. */
  actor: string;
  action: AuditAction;
  accountId: string;
  /** The key changed; null for a change to the account itself. */
  keyId: string | null;
  /** The attributes that changed, each from its old value to its new one. */
  changes: Record<string, AuditChange>;
}

export interface AuditQuery {
  accountId?: string | undefined;
  /** Only records at or after this instant. */
  since?: Date | undefined;
}

/** The append-only trail of changes to accounts and keys. */
export interface AuditLog {
  append(record: AuditRecord): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditRecord[]>;
}
