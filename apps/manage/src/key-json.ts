import type { AccountView, AuditRecord, AuditRecordsPage, IssuedKeyView, KeyView, RolledKeyView } from '@petstore/domain';
import type { AccountAnswer, AuditPage, AuditRecordAnswer, IssuedKeyAnswer, KeyAnswer, RolledKeyAnswer } from './openapi/key-answers.js';

/**
 * The key operations' answers as the management API shows them: instants as ISO 8601, and each
 * field named here, so nothing the service adds to a view (a hash, a pending flag) goes out unseen.
 * Only `issuedKeyJson` carries a key's secret: createKey's and rollKey's answers.
 */
const instant = (date: Date): string => date.toISOString();
const instantOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function keyJson(view: KeyView): KeyAnswer {
  return {
    id: view.id,
    accountId: view.accountId,
    name: view.name,
    prefix: view.prefix,
    kind: view.kind,
    scopes: [...view.scopes],
    // Only a browser key has origins: a secret key's answer has none, as its input may have none.
    ...(view.kind === 'browser' && { origins: [...view.origins] }),
    createdBy: view.createdBy,
    expiresAt: instantOrNull(view.expiresAt),
    rateLimit: view.rateLimit,
    lastUsedAt: instantOrNull(view.lastUsedAt),
    replacedBy: view.replacedBy,
    overlapEndsAt: instantOrNull(view.overlapEndsAt),
    createdAt: instant(view.createdAt),
    revokedAt: instantOrNull(view.revokedAt),
    lineageId: view.lineageId,
    state: view.state,
    until: instantOrNull(view.until),
  };
}

export function issuedKeyJson(view: IssuedKeyView): IssuedKeyAnswer {
  return { ...keyJson(view), key: view.key };
}

export function rolledKeyJson(rolled: RolledKeyView): RolledKeyAnswer {
  return { key: issuedKeyJson(rolled.key), replaced: keyJson(rolled.replaced) };
}

export function accountJson(view: AccountView): AccountAnswer {
  return {
    id: view.id,
    name: view.name,
    createdAt: instant(view.createdAt),
    suspendedAt: instantOrNull(view.suspendedAt),
    limits: { maxKeys: view.limits.maxKeys, maxRateLimit: view.limits.maxRateLimit },
    people: view.people.map(({ person, role, joinedAt }) => ({
      person: { id: person.id, email: person.email, emailVerifiedAt: instantOrNull(person.emailVerifiedAt), createdAt: instant(person.createdAt) },
      role,
      joinedAt: instant(joinedAt),
    })),
  };
}

function auditRecordJson(record: AuditRecord): AuditRecordAnswer {
  return {
    id: record.id,
    at: instant(record.at),
    actor: record.actor,
    clientAddress: record.clientAddress,
    action: record.action,
    accountId: record.accountId,
    keyId: record.keyId,
    personId: record.personId,
    changes: record.changes,
  };
}

export function auditPageJson(page: AuditRecordsPage): AuditPage {
  return { records: page.records.map(auditRecordJson), next: page.next };
}
