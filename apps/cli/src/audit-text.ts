import type { AuditRecord, AuditValue } from '@petstore/domain';
import { quoted } from './quoted.js';
import { textTable } from './text-table.js';

/** What an absent value means for each attribute. */
const NONE: Readonly<Record<string, string>> = { rateLimit: 'default', expiresAt: 'never' };

/** The attributes whose values people choose (names of accounts, keys and passkeys; addresses): shown quoted. */
const CHOSEN = new Set(['name', 'email']);

function valueText(attribute: string, value: AuditValue): string {
  if (value === null) return NONE[attribute] ?? '-';
  if (Array.isArray(value)) return value.join(',');
  return CHOSEN.has(attribute) ? quoted(String(value)) : String(value);
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
