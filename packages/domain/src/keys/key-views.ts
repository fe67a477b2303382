import { displayPrefix, hashApiKey, randomId } from '../auth/api-key.js';
import type { ApiKeyRecord, KeyKind } from '../auth/ports.js';
import type { Scope } from '../auth/scopes.js';

/** A key as listed: everything kept of it but its hash. */
export type KeySummary = Omit<ApiKeyRecord, 'hash'>;

/** A key as shown to its owner when it is issued: the secret itself, only this once. */
export type IssuedKey = KeySummary & { key: string };

/** What a key is called, may do and for how long, chosen when it is issued (and kept when it is rolled). */
export interface KeySettings {
  name: string | null;
  scopes: Scope[];
  expiresAt: Date | null;
  rateLimit: number | null;
  kind: KeyKind;
  /** A browser key's allowed origins; empty for a secret key. */
  origins: string[];
}

/** How a key comes to be: its text (a new tagged key, or the embedded store's dev key), or a roll's replacement in its lineage. */
export interface KeyOrigin {
  /** The key itself, shown once and kept only as its hash. */
  key: string;
  /** Who issues it, as the audit trail names actors. */
  createdBy: string;
  /** The id chosen beforehand (an idempotent create's claim names it); a new one when absent. */
  keyId?: string | undefined;
  /** For a roll's replacement: the lineage it joins, and it starts pending until its roll wins. */
  rolledInto?: { lineageId: string };
}

/** A new key and the record that keeps it. */
export function newKey(accountId: string, settings: KeySettings, now: Date, origin: KeyOrigin): { record: ApiKeyRecord; key: string } {
  const { key } = origin;
  const id = origin.keyId ?? randomId('key');
  const record: ApiKeyRecord = {
    id,
    accountId,
    hash: hashApiKey(key),
    prefix: displayPrefix(key),
    ...settings,
    createdBy: origin.createdBy,
    lastUsedAt: null,
    replacedBy: null,
    overlapEndsAt: null,
    createdAt: now,
    revokedAt: null,
    rollPending: origin.rolledInto !== undefined,
    lineageId: origin.rolledInto?.lineageId ?? id,
  };
  return { record, key };
}

export function summarise({ hash: _hash, ...summary }: ApiKeyRecord): KeySummary {
  return summary;
}

export function issued(record: ApiKeyRecord, key: string): IssuedKey {
  const { id, ...rest } = summarise(record);
  return { id, key, ...rest };
}
