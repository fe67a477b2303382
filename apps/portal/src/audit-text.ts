import type { Schemas } from './api.js';
import { pathsAuditRecordsGetParametersQueryActionValues } from './generated/manage-api.js';
import type { Names } from './names.js';
import { when } from './ui/when.js';

type AuditRecord = Schemas['AuditPage']['records'][number];
type AuditAction = AuditRecord['action'];

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

/** Every action the trail records, in words: the API's list of actions (generated), each worded here, none left out. */
const WORDS: Record<AuditAction, string> = {
  'account.created': 'created the account',
  'account.suspended': 'suspended the account',
  'account.resumed': 'resumed the account',
  'key.created': 'created a key',
  'key.updated': 'changed a key',
  'key.rolled': 'rolled a key',
  'key.revoked': 'revoked a key',
  'person.signed-up': 'signed up',
  'person.verified': 'verified their email',
  'session.started': 'signed in',
  'session.ended': 'signed out or ended a session',
  'signin.throttled': 'was refused sign-in (too many tries)',
  'password.reset-requested': 'asked for a password reset',
  'password.reset': 'reset their password',
  'password.changed': 'changed their password',
  'passkey.added': 'added a passkey',
  'passkey.removed': 'removed a passkey',
  'invitation.created': 'invited someone',
  'invitation.revoked': 'withdrew an invitation',
  'member.joined': 'joined the account',
  'member.removed': 'removed a member',
};

/** The actions in the API's order, with their words, for the page's filter. */
export const AUDIT_ACTION_WORDS = pathsAuditRecordsGetParametersQueryActionValues.map((action) => ({ action, words: WORDS[action] }));

/** An action in words ("rolled a key"). */
export const actionText = (action: AuditAction): string => WORDS[action];
