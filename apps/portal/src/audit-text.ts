import type { Names } from './names.js';
import { when } from './ui/when.js';
import type { AuditRecord } from './wire.js';

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** A field of the trail as words: `rateLimit` is "rate limit". */
const label = (field: string): string => field.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/** A recorded value as a person reads it: keys and people by name, instants in their own time. */
function valueText(value: unknown, names: Names): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.map((item) => valueText(item, names)).join(', ');
  if (typeof value !== 'string') return JSON.stringify(value);
  if (INSTANT.test(value)) return when(value);
  return names.key(value) ?? names.person(value) ?? value;
}

function sentence(field: string, from: unknown, to: unknown, names: Names): string {
  if (field === 'name' && typeof from === 'string' && typeof to === 'string') return `renamed ${from} to ${to}`;
  if (Array.isArray(from) && Array.isArray(to)) {
    const added = to.filter((item) => !from.includes(item)).map((item) => `+ ${valueText(item, names)}`);
    const removed = from.filter((item) => !to.includes(item)).map((item) => `− ${valueText(item, names)}`);
    return `${label(field)}: ${[...added, ...removed].join(', ')}`;
  }
  if (from === null) return `${label(field)}: ${valueText(to, names)}`;
  if (to === null) return `${label(field)} ${valueText(from, names)} removed`;
  return `${label(field)} changed from ${valueText(from, names)} to ${valueText(to, names)}`;
}

/** A record's changes, one sentence each: "renamed laptop to ci", "scopes: + pets:write". */
export function changeSentences(changes: AuditRecord['changes'], names: Names): string[] {
  return Object.entries(changes).map(([field, { from, to }]) => sentence(field, from, to, names));
}

/** Who made a change, by email or key name; `id` is what the trail recorded, for a hover. */
export function actorText(actor: string, names: Names): { text: string; id: string | undefined } {
  const [kind, id = ''] = actor.split(':', 2);
  if (kind === 'person') return { text: names.person(id) ?? id, id: actor };
  if (kind === 'key') return { text: `key ${names.key(id) ?? id}`, id: actor };
  return { text: actor === 'anonymous' ? actor : `operator ${actor}`, id: undefined };
}

/**
 * Every action the trail records, as words for the page and its filter; audit-text.test.ts keeps
 * this list equal to the service's (packages/domain's AUDIT_ACTIONS).
 */
export const AUDIT_ACTION_WORDS = [
  { action: 'account.created', words: 'created the account' },
  { action: 'account.suspended', words: 'suspended the account' },
  { action: 'account.resumed', words: 'resumed the account' },
  { action: 'key.created', words: 'created a key' },
  { action: 'key.updated', words: 'changed a key' },
  { action: 'key.rolled', words: 'rolled a key' },
  { action: 'key.revoked', words: 'revoked a key' },
  { action: 'person.signed-up', words: 'signed up' },
  { action: 'person.verified', words: 'verified their email' },
  { action: 'session.started', words: 'signed in' },
  { action: 'session.ended', words: 'signed out or ended a session' },
  { action: 'signin.throttled', words: 'was refused sign-in (too many tries)' },
  { action: 'password.reset-requested', words: 'asked for a password reset' },
  { action: 'password.reset', words: 'reset their password' },
  { action: 'password.changed', words: 'changed their password' },
  { action: 'passkey.added', words: 'added a passkey' },
  { action: 'passkey.removed', words: 'removed a passkey' },
  { action: 'invitation.created', words: 'invited someone' },
  { action: 'invitation.revoked', words: 'withdrew an invitation' },
  { action: 'member.joined', words: 'joined the account' },
  { action: 'member.removed', words: 'removed a member' },
] as const;

const ACTION_WORDS = new Map<string, string>(AUDIT_ACTION_WORDS.map(({ action, words }) => [action, words]));

/** An action in words ("rolled a key"); one this page does not know yet, as the service named it. */
export const actionText = (action: string): string => ACTION_WORDS.get(action) ?? action;
