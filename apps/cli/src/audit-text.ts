import type { AuditRecord, AuditValue } from '@petstore/domain';
import { textTable } from './text-table.js';

/** What an absent value means for each attribute. */
const NONE: Readonly<Record<string, string>> = { rateLimit: 'default', expiresAt: 'never' };

function valueText(attribute: string, value: AuditValue): string {
  if (value === null) return NONE[attribute] ?? '-';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** `scopes pets:read,pets:write -> pets:read; rateLimit default -> 1000` for an update; the new values otherwise. */
function changesText(record: AuditRecord): string {
  return Object.entries(record.changes)
    .map(([attribute, { from, to }]) =>
      record.action === 'key.updated'
        ? `${attribute} ${valueText(attribute, from)} -> ${valueText(attribute, to)}`
        : `${attribute} ${valueText(attribute, to)}`,
    )
    .join('; ');
}

export function auditTable(records: AuditRecord[]): string[] {
  return textTable([
    ['AT', 'ACTOR', 'ACTION', 'ACCOUNT', 'KEY', 'CHANGES'],
    ...records.map((record) => [record.at.toISOString(), record.actor, record.action, record.accountId, record.keyId ?? '-', changesText(record)]),
  ]);
}
