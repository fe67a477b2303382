import { parseArgs } from 'node:util';
import type { KeyOptions, KeyUpdate, Role } from '@petstore/domain';
import { BadValueError } from './bad-value.js';
import { readExpiry, readOverlap, readInstant, readKind, readRateLimit, readRole, readScopes } from './option-values.js';
import { UsageError } from './usage-error.js';
import { COMMAND_GROUPS, type CommandGroup } from './usage.js';

export type StoreCommand =
  | { action: 'create-account'; name: string }
  /** The rest is createKey's body, which the key service parses with its one schema, as every caller's. */
  | ({ action: 'create-key'; accountId: string } & KeyOptions)
  | ({ action: 'update-key'; keyId: string } & KeyUpdate)
  | { action: 'roll-key'; keyId: string; overlapSeconds?: number }
  | { action: 'list-keys'; accountId: string }
  | { action: 'revoke-key'; keyId: string }
  | { action: 'list-audit'; accountId?: string; since?: Date }
  | { action: 'list-accounts' }
  | { action: 'suspend-account'; accountId: string }
  | { action: 'resume-account'; accountId: string }
  | { action: 'list-people'; accountId?: string }
  | { action: 'reset-link'; email: string }
  /** Into an account (as a member unless told), or, with accountId null, to sign up with an account of their own. */
  | { action: 'create-invitation'; accountId: string | null; email: string; role?: Role }
  /** An account's calls by day (the last 30 days, or since `since`), and the deprecation report. */
  | { action: 'usage'; accountId: string; keyId?: string; since?: Date };

/**
 * Help that was asked for (`--help`: stdout, exit 0) or help instead of a command that was not
 * given (no arguments, or a group alone: stderr, exit 2, since nothing was done).
 */
export type HelpCommand = { action: 'help'; group?: CommandGroup; asked: boolean };

export type CliCommand = HelpCommand | StoreCommand;

export interface CliRequest {
  command: CliCommand;
  json: boolean;
}

const VALUE_OPTIONS = [
  'name',
  'account',
  'scopes',
  'expires-in',
  'expires-at',
  'rate-limit',
  'overlap',
  'since',
  'email',
  'role',
  'kind',
  'key',
] as const;
/** Options that may be given several times, each adding a value: a browser key's origins. */
const LIST_OPTIONS = ['origin'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
type ListOption = (typeof LIST_OPTIONS)[number];
type Values = Partial<Record<ValueOption, string> & Record<ListOption, string[]>>;

const text = { type: 'string' } as const;
const OPTIONS = {
  name: text,
  account: text,
  scopes: text,
  'expires-in': text,
  'expires-at': text,
  'rate-limit': text,
  overlap: text,
  since: text,
  email: text,
  role: text,
  kind: text,
  origin: { type: 'string', multiple: true },
  key: text,
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<ValueOption, typeof text> & Record<string, unknown>;

/** What a command takes: an argument (a key id), options it needs, options it may have. */
interface CommandShape {
  argument?: string;
  required?: ValueOption;
  optional?: ReadonlyArray<ValueOption | ListOption>;
  build(input: { argument: string; values: Values; now: Date }): StoreCommand;
}

const scopesOf = (values: Values) => (values.scopes === undefined ? {} : { scopes: readScopes(values.scopes) });
// Checked by the domain (KeyName), as a name from any other caller is.
const nameOf = (values: Values) => (values.name === undefined ? {} : { name: values.name });

const COMMANDS: Readonly<Record<string, CommandShape>> = {
  'accounts create': { required: 'name', build: ({ values }) => ({ action: 'create-account', name: values.name ?? '' }) },
  'accounts list': { build: () => ({ action: 'list-accounts' }) },
  'accounts suspend': { argument: 'accountId', build: ({ argument }) => ({ action: 'suspend-account', accountId: argument }) },
  'accounts resume': { argument: 'accountId', build: ({ argument }) => ({ action: 'resume-account', accountId: argument }) },
  'keys create': {
    required: 'account',
    optional: ['name', 'scopes', 'expires-in', 'expires-at', 'rate-limit', 'kind', 'origin'],
    build: ({ values, now }) => {
      const expiresAt = readExpiry(values, now);
      const key = {
        ...nameOf(values),
        ...scopesOf(values),
        ...(expiresAt && { expiresAt: expiresAt.toISOString() }),
        ...(values['rate-limit'] !== undefined && { rateLimit: readRateLimit(values['rate-limit'], { allowDefault: false }) ?? undefined }),
        ...(values.kind !== undefined && { kind: readKind(values.kind) }),
        ...(values.origin !== undefined && { origins: values.origin }),
      };
      // The kind rules (a browser key needs its origins and holds only pets:read, a secret key has none) are
      // the schema's: the key service parses this with it, so the flags are only given the body's shape here.
      return { action: 'create-key', accountId: values.account ?? '', ...(key as KeyOptions) };
    },
  },
  'keys update': {
    argument: 'keyId',
    optional: ['name', 'scopes', 'rate-limit'],
    build: ({ argument, values }) => {
      if (values.name === undefined && values.scopes === undefined && values['rate-limit'] === undefined) {
        throw new UsageError('"keys update" needs --name, --scopes or --rate-limit');
      }
      return {
        action: 'update-key',
        keyId: argument,
        ...nameOf(values),
        ...scopesOf(values),
        ...(values['rate-limit'] !== undefined && { rateLimit: readRateLimit(values['rate-limit'], { allowDefault: true }) }),
      };
    },
  },
  'keys roll': {
    argument: 'keyId',
    optional: ['overlap'],
    build: ({ argument, values }) => ({
      action: 'roll-key',
      keyId: argument,
      ...(values.overlap !== undefined && { overlapSeconds: readOverlap(values.overlap) }),
    }),
  },
  'keys list': { required: 'account', build: ({ values }) => ({ action: 'list-keys', accountId: values.account ?? '' }) },
  'keys revoke': { argument: 'keyId', build: ({ argument }) => ({ action: 'revoke-key', keyId: argument }) },
  'audit list': {
    optional: ['account', 'since'],
    build: ({ values }) => ({
      action: 'list-audit',
      ...(values.account !== undefined && { accountId: values.account }),
      ...(values.since !== undefined && { since: readInstant('since', values.since) }),
    }),
  },
  'people list': {
    optional: ['account'],
    build: ({ values }) => ({ action: 'list-people', ...(values.account !== undefined && { accountId: values.account }) }),
  },
  usage: {
    required: 'account',
    optional: ['key', 'since'],
    build: ({ values }) => ({
      action: 'usage',
      accountId: values.account ?? '',
      ...(values.key !== undefined && { keyId: values.key }),
      ...(values.since !== undefined && { since: readInstant('since', values.since) }),
    }),
  },
  'people reset-link': { argument: 'email', build: ({ argument }) => ({ action: 'reset-link', email: argument }) },
  'invites create': {
    required: 'email',
    optional: ['account', 'role'],
    build: ({ values }) => {
      // Whoever accepts an invitation to sign up owns the account they make: there is no role to choose.
      if (values.account === undefined && values.role !== undefined) {
        throw new BadValueError('--role needs --account: an invitation to sign up makes its person the owner of their own new account');
      }
      return {
        action: 'create-invitation',
        accountId: values.account ?? null,
        email: values.email ?? '',
        ...(values.role !== undefined && { role: readRole(values.role) }),
      };
    },
  },
};

/** Parses `petstore <group> <verb> [argument] [options]`; throws UsageError for anything else. */
export function parseCliArgs(argv: readonly string[], now: Date = new Date()): CliRequest {
  const { values, positionals, json, help } = parse(argv);
  const [group = '', verb = '', ...rest] = positionals;
  const asGroup = COMMAND_GROUPS.find((known) => known === group && verb === '');
  if (help || positionals.join(' ') === 'help') {
    return { command: { action: 'help', asked: true, ...(asGroup && { group: asGroup }) }, json };
  }
  if (positionals.length === 0) return { command: { action: 'help', asked: false }, json };
  if (asGroup) return { command: { action: 'help', group: asGroup, asked: false }, json };
  const name = `${group} ${verb}`.trim();
  const shape = COMMANDS[name];
  if (!shape) throw new UsageError(`unknown command "${name}"`);
  return { command: shape.build({ argument: checkShape(name, shape, values, rest), values, now }), json };
}

/** Refuses options the command does not take and missing or extra arguments; returns the argument. */
function checkShape(name: string, shape: CommandShape, values: Values, rest: string[]): string {
  const allowed = new Set<ValueOption | ListOption>([...(shape.required ? [shape.required] : []), ...(shape.optional ?? [])]);
  for (const option of [...VALUE_OPTIONS, ...LIST_OPTIONS]) {
    if (!allowed.has(option) && values[option] !== undefined) throw new UsageError(`"${name}" does not take --${option}`);
  }
  const expectedArguments = shape.argument ? 1 : 0;
  if (rest.length > expectedArguments) throw new UsageError(`"${name}" got an unexpected argument "${rest[expectedArguments]}"`);
  if (shape.required && !values[shape.required]?.trim())
    throw new UsageError(`"${name}" needs --${shape.required} <${PLACEHOLDERS[shape.required]}>`);
  const argument = rest[0]?.trim() ?? '';
  if (shape.argument && argument === '') throw new UsageError(`"${name}" needs <${shape.argument}>`);
  return argument;
}

const PLACEHOLDERS: Partial<Record<ValueOption, string>> = { name: 'name', account: 'accountId', email: 'email' };

interface ParsedLine {
  /** Each value option given (ids and names trimmed). */
  values: Values;
  positionals: string[];
  json: boolean;
  help: boolean;
}

/** Ids and names, whose surrounding spaces are slips of the hand; every other value is read exactly as given. */
const TRIMMED: ReadonlySet<ValueOption> = new Set(['name', 'account', 'email', 'key']);

/**
 * `--overlap -1` as `--overlap=-1`: node:util reads a value starting with a dash as a missing one
 * ("ambiguous"); no option is a dash and a digit, so the value is handed to its option's check,
 * which says what it must be.
 */
function attachNegativeValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const next = argv[index + 1];
    const takesValue = VALUE_OPTIONS.some((option) => arg === `--${option}`);
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else joined.push(arg);
  }
  return joined;
}

function parse(argv: readonly string[]): ParsedLine {
  let parsed;
  try {
    parsed = parseArgs({ args: attachNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    // node:util's messages name the offending option, which is what the user needs to see.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  // parseArgs keeps the last of a repeated option; which one the user meant is not ours to guess.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || token.name === 'origin') continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} was given more than once`);
    seen.add(token.name);
  }
  const values: Values = {};
  for (const option of VALUE_OPTIONS) {
    const value = parsed.values[option];
    if (typeof value === 'string') values[option] = TRIMMED.has(option) ? value.trim() : value;
  }
  if (parsed.values.origin !== undefined) values.origin = parsed.values.origin;
  return { values, positionals: parsed.positionals, json: parsed.values.json === true, help: parsed.values.help === true };
}
