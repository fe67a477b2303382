/**
 * Every kind of change to an account, its keys and its people, each recorded once in the audit
 * trail; `signin.throttled` is the one record of something refused rather than changed.
 */
export const AUDIT_ACTIONS = [
  'account.created',
  'account.suspended',
  'account.resumed',
  'key.created',
  'key.updated',
  'key.rolled',
  'key.revoked',
  'person.signed-up',
  'person.verified',
  'session.started',
  'session.ended',
  'signin.throttled',
  'password.reset-requested',
  'password.reset',
  'password.changed',
  'passkey.added',
  'passkey.removed',
  'invitation.created',
  'invitation.revoked',
  'member.joined',
  'member.removed',
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
  /**
   * Who made the change: `person:<id>` or `key:<id>` over HTTP, `anonymous` for a refused sign-in
   * nobody was identified by, else the operator (PETSTORE_ACTOR, or the operating-system user).
   */
  actor: string;
  /** The address a change over HTTP came from; null for the command line. */
  clientAddress: string | null;
  action: AuditAction;
  accountId: string;
  /** The key changed; null for a change to the account itself or its people. */
  keyId: string | null;
  /** The person the change is about (who signed up, was removed, changed a password); null for none. */
  personId: string | null;
  /** The attributes that changed, each from its old value to its new one. */
  changes: Record<string, AuditChange>;
}

export interface AuditQuery {
  accountId?: string | undefined;
  /** Only records at or after this instant. */
  since?: Date | undefined;
  /** Only the records of this actor (exactly as recorded: `person:<id>`, `key:<id>`, an operator). */
  actor?: string | undefined;
  action?: AuditAction | undefined;
  /** Only the records of changes to this key. */
  keyId?: string | undefined;
  /**
   * Only records older than this one in the listing's order (at, then id, both descending): the
   * last record of the page before, so a page never repeats nor skips a record written meanwhile.
   */
  before?: AuditPosition | undefined;
  /** At most this many records; all of them when absent. */
  limit?: number | undefined;
}

/** Where a record stands in the newest-first listing. */
export interface AuditPosition {
  at: Date;
  id: string;
}

/** The append-only trail of changes to accounts, keys and people. */
export interface AuditLog {
  append(record: AuditRecord): Promise<void>;
  /** Newest first: by `at`, then by id, both descending. */
  list(query: AuditQuery): Promise<AuditRecord[]>;
}
