import type { Clock } from '../clock/clock.js';
import { auditId } from './audit-id.js';
import type { AuditAction, AuditChange, AuditLog, AuditValue } from './ports.js';

/** Who asks for a change and from where, when it is not this process's own actor (a person or key over HTTP). */
export interface AuditActor {
  actor: string;
  clientAddress: string | null;
}

/** What a record is about: always an account, and the key or person changed when there is one. */
export interface AuditSubject {
  accountId: string;
  keyId?: string;
  personId?: string;
}

export interface AuditTrailDeps {
  log: AuditLog;
  clock: Clock;
  /** Who makes the changes of this process: PETSTORE_ACTOR, or the operating-system user. */
  actor: string;
}

/**
 * Writes the record of a change before the change itself. MongoDB-compatible servers without
 * transactions (FerretDB) cannot make the two one write, so the order decides what a failure in
 * between leaves: record first, and no change is ever made unrecorded; at worst the trail names
 * a change whose write then failed (the command reported the failure).
 */
export class AuditTrail {
  constructor(private readonly deps: AuditTrailDeps) {}

  /** `by` names who asked when it is not this process's actor (the command line's operator). */
  async record(action: AuditAction, subject: AuditSubject, changes: Record<string, AuditChange>, by?: AuditActor): Promise<void> {
    const at = this.deps.clock.now();
    await this.deps.log.append({
      id: auditId(at),
      at,
      actor: by?.actor ?? this.deps.actor,
      clientAddress: by?.clientAddress ?? null,
      action,
      accountId: subject.accountId,
      keyId: subject.keyId ?? null,
      personId: subject.personId ?? null,
      changes,
    });
  }
}

/** Attributes as the trail keeps them: only what changed, instants as ISO 8601 text. */
export function changesBetween(before: Record<string, AuditInput>, after: Record<string, AuditInput | undefined>): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const [name, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const from = auditValue(before[name] ?? null);
    const to = auditValue(value);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[name] = { from, to };
  }
  return changes;
}

/** Attributes of something new: every one given, from nothing. */
export function initialValues(attributes: Record<string, AuditInput>): Record<string, AuditChange> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, { from: null, to: auditValue(value) }]));
}

type AuditInput = AuditValue | Date;

function auditValue(value: AuditInput): AuditValue {
  return value instanceof Date ? value.toISOString() : value;
}
