import type { IssuedKey, KeySummary, RolledKey } from '@petstore/domain';
import { quoted } from './quoted.js';
import { textTable, toMinute } from './text-table.js';

const limitText = (limit: number | null) => (limit === null ? 'default' : String(limit));

/** A key's name, quoted; one given none (as every key made before names) shows as the listing's mark for nothing. */
const nameText = (name: string | null) => (name === null ? '-' : quoted(name));

/** How a line names one key: its id, its prefix, and its name when it has one. */
const keyLabel = (key: KeySummary) => `key ${key.id} (${key.prefix}…)${key.name === null ? '' : ` ${quoted(key.name)}`}`;

/** A key just issued, the secret first: what a person copies before it is gone. */
export function issuedKeyLines(issued: IssuedKey): string[] {
  return [
    `key:         ${issued.key}`,
    `id:          ${issued.id}`,
    `name:        ${nameText(issued.name)}`,
    `prefix:      ${issued.prefix}`,
    `scopes:      ${issued.scopes.join(',')}`,
    `expires:     ${issued.expiresAt ? issued.expiresAt.toISOString() : 'never'}`,
    `rate limit:  ${issued.rateLimit === null ? 'default (PETSTORE_RATE_LIMIT)' : `${issued.rateLimit} per window`}`,
    ...(issued.kind === 'browser' ? [`kind:        browser, accepted only from ${issued.origins.join(', ')}`] : []),
  ];
}

export function revokedKeyLine(key: KeySummary): string {
  return `revoked ${keyLabel(key)} at ${key.revokedAt?.toISOString()}`;
}

export function rolledKeyLines({ key, replaced }: RolledKey): string[] {
  return [...issuedKeyLines(key), `replaces:    ${replaced.id}, which stops working at ${replaced.overlapEndsAt?.toISOString() ?? 'once revoked'}`];
}

export function updatedKeyLine(key: KeySummary): string {
  return `${keyLabel(key)}: scopes ${key.scopes.join(',')}, rate limit ${limitText(key.rateLimit)}`;
}

/** When a key stops working by itself: its expiry, or the end of its overlap once rolled, whichever comes first. */
function endText(key: KeySummary): string {
  const ends = [key.expiresAt, key.overlapEndsAt].filter((at): at is Date => at !== null);
  if (ends.length === 0) return 'never';
  const first = toMinute(new Date(Math.min(...ends.map((at) => at.getTime()))));
  return key.overlapEndsAt ? `${first} (rolled)` : first;
}

export function keyTable(keys: KeySummary[]): string[] {
  return textTable([
    ['ID', 'NAME', 'PREFIX', 'SCOPES', 'LIMIT', 'EXPIRES', 'LAST USED', 'CREATED', 'REVOKED'],
    ...keys.map((key) => [
      key.id,
      nameText(key.name),
      key.prefix,
      key.scopes.join(','),
      limitText(key.rateLimit),
      endText(key),
      key.lastUsedAt ? toMinute(key.lastUsedAt) : 'never',
      toMinute(key.createdAt),
      // A replacement whose roll never completed: no one was given it, and it never works.
      key.revokedAt ? toMinute(key.revokedAt) : key.rollPending ? 'never active' : '-',
    ]),
  ]);
}
