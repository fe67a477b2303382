import {
  MAX_DURATION_SECONDS,
  MAX_RATE_LIMIT,
  MAX_ROLL_OVERLAP_SECONDS,
  SCOPES,
  isScope,
  type KeyKind,
  type Role,
  type Scope,
} from '@petstore/domain';
import { BadValueError } from './bad-value.js';

/** `pets:read,pets:write`: known scopes, at least one. */
export function readScopes(text: string): Scope[] {
  const scopes = text
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
  const unknown = scopes.find((scope) => !isScope(scope));
  if (unknown !== undefined) throw new BadValueError(`--scopes: unknown scope "${unknown}"; the scopes are ${SCOPES.join(', ')}`);
  if (scopes.length === 0) throw new BadValueError(`--scopes needs at least one of ${SCOPES.join(', ')}`);
  return scopes.filter(isScope);
}

/** A whole number of operations per window; `default` (where allowed) goes back to PETSTORE_RATE_LIMIT. */
export function readRateLimit(text: string, options: { allowDefault: boolean }): number | null {
  if (options.allowDefault && text === 'default') return null;
  const limit = /^[1-9]\d{0,7}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit <= MAX_RATE_LIMIT)) {
    throw new BadValueError(`--rate-limit must be a whole number from 1 to ${MAX_RATE_LIMIT}${options.allowDefault ? ', or default' : ''}`);
  }
  return limit;
}

const DAY_SECONDS = 86_400;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: DAY_SECONDS };

/** `90s`, `15m`, `24h`, `30d` (and `0` where a zero duration means something), in seconds, at most `most` seconds. */
function readDuration(option: string, text: string, options: { allowZero: boolean; most: number }): number {
  const match = /^(\d{1,7})([smhd])$/.exec(text);
  const seconds = text === '0' ? 0 : match ? Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? Number.NaN) : Number.NaN;
  const least = options.allowZero ? 0 : 1;
  if (!(seconds >= least && seconds <= options.most)) {
    const kind = options.allowZero ? 'a non-negative duration' : 'a duration';
    const zero = options.allowZero ? ' (0 for none)' : '';
    const most = `${options.most / DAY_SECONDS}d`;
    throw new BadValueError(`--${option} must be ${kind} such as 30d: a whole number of s, m, h or d, at most ${most}${zero}, with no spaces`);
  }
  return seconds;
}

/** How long a rolled key keeps working: 0 ends it now; at most the service's bound on overlaps, as rollKey's. */
export function readOverlap(text: string): number {
  return readDuration('overlap', text, { allowZero: true, most: MAX_ROLL_OVERLAP_SECONDS });
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 date (midnight UTC) or date and time with its zone, e.g. 2027-01-01T00:00:00Z. */
export function readInstant(option: string, text: string): Date {
  const match = INSTANT.exec(text);
  const at = match ? new Date(text) : undefined;
  const [year, month, day] = (match?.slice(1, 4) ?? []).map(Number);
  const calendarDay = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  if (!at || Number.isNaN(at.getTime()) || calendarDay.getUTCDate() !== day || calendarDay.getUTCMonth() + 1 !== month) {
    throw new BadValueError(`--${option} must be an ISO 8601 instant such as 2027-01-01T00:00:00Z (or a date, 2027-01-01)`);
  }
  return at;
}

/** When a new key expires: `--expires-in` from now, or `--expires-at`, which must be in the future; neither: never. */
export function readExpiry(values: { 'expires-in'?: string | undefined; 'expires-at'?: string | undefined }, now: Date): Date | undefined {
  const { 'expires-in': inText, 'expires-at': atText } = values;
  if (inText !== undefined && atText !== undefined) throw new BadValueError('give --expires-in or --expires-at, not both');
  if (inText !== undefined)
    return new Date(now.getTime() + readDuration('expires-in', inText, { allowZero: false, most: MAX_DURATION_SECONDS }) * 1000);
  if (atText === undefined) return undefined;
  const at = readInstant('expires-at', atText);
  if (at.getTime() <= now.getTime()) throw new BadValueError(`--expires-at must be in the future (it is ${now.toISOString()} now)`);
  return at;
}

/** What an invited person may do in the account: `member` (manage keys) or `owner` (also manage members). */
export function readRole(text: string): Role {
  if (text === 'owner' || text === 'member') return text;
  throw new BadValueError('--role must be owner or member');
}

/** A key's kind: `secret` (the default) or `browser`. */
export function readKind(value: string): KeyKind {
  if (value === 'secret' || value === 'browser') return value;
  throw new BadValueError('--kind must be secret or browser');
}
