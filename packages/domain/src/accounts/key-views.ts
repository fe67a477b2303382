import { displayPrefix, generateApiKey, hashApiKey, randomId } from '../auth/api-key.js';
import type { ApiKeyRecord } from '../auth/ports.js';
import type { Scope } from '../auth/scopes.js';

/** A key as listed: everything kept of it but its hash. */
export type KeySummary = Omit<ApiKeyRecord, 'hash'>;

/** A key as shown to its owner when it is issued: the secret itself, only this once. */
export type IssuedKey = KeySummary & { key: string };

/** What a key may do and for how long, chosen when it is issued (and kept when it is rolled). */
export interface KeySettings {
  scopes: Scope[];
  expiresAt: Date | null;
  rateLimit: number | null;
}

/** A new key and the record that keeps it: a random key, or `presetKey` (the embedded store's dev key). */
export function newKey(accountId: string, settings: KeySettings, now: Date, presetKey?: string): { record: ApiKeyRecord; key: string } {
  const key = presetKey ?? generateApiKey();
  const record: ApiKeyRecord = {
    id: randomId('key'),
    accountId,
    hash: hashApiKey(key),
    prefix: displayPrefix(key),
    ...settings,
    lastUsedAt: null,
    replacedBy: null,
    overlapEndsAt: null,
    createdAt: now,
    revokedAt: null,
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
