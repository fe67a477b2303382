import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';
import { COMMAND_GROUPS, type CommandGroup } from './usage.js';

export type StoreCommand =
  | { action: 'create-account'; name: string }
  | { action: 'create-key'; accountId: string }
  | { action: 'list-keys'; accountId: string }
  | { action: 'revoke-key'; keyId: string };

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

const OPTIONS = {
  name: { type: 'string' },
  account: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type ValueOption = 'name' | 'account';

/** Each command takes its one value either from an option or, without one, as its argument. */
interface CommandShape {
  option?: ValueOption;
  placeholder: string;
  build(value: string): StoreCommand;
}

const COMMANDS: Readonly<Record<string, CommandShape>> = {
  'accounts create': { option: 'name', placeholder: 'name', build: (name) => ({ action: 'create-account', name }) },
  'keys create': { option: 'account', placeholder: 'accountId', build: (accountId) => ({ action: 'create-key', accountId }) },
  'keys list': { option: 'account', placeholder: 'accountId', build: (accountId) => ({ action: 'list-keys', accountId }) },
  'keys revoke': { placeholder: 'keyId', build: (keyId) => ({ action: 'revoke-key', keyId }) },
};

/** Parses `petstore <group> <verb> [argument] [options]`; throws UsageError for anything else. */
export function parseCliArgs(argv: readonly string[]): CliRequest {
  const { values, positionals } = parse(argv);
  const json = values.json ?? false;
  const [group = '', verb = '', ...rest] = positionals;
  const asGroup = COMMAND_GROUPS.find((known) => known === group && verb === '');
  if (values.help || positionals.join(' ') === 'help') {
    return { command: { action: 'help', asked: true, ...(asGroup && { group: asGroup }) }, json };
  }
  if (positionals.length === 0) return { command: { action: 'help', asked: false }, json };
  if (asGroup) return { command: { action: 'help', group: asGroup, asked: false }, json };
  const name = `${group} ${verb}`.trim();
  const shape = COMMANDS[name];
  if (!shape) throw new UsageError(`unknown command "${name}"`);

  for (const option of ['name', 'account'] as const) {
    if (option !== shape.option && values[option] !== undefined) throw new UsageError(`"${name}" does not take --${option}`);
  }
  const expectedArguments = shape.option ? 0 : 1;
  if (rest.length > expectedArguments) throw new UsageError(`"${name}" got an unexpected argument "${rest[expectedArguments]}"`);

  const value = (shape.option ? values[shape.option] : rest[0])?.trim();
  if (!value) {
    const wanted = shape.option ? `--${shape.option} <${shape.placeholder}>` : `<${shape.placeholder}>`;
    throw new UsageError(`"${name}" needs ${wanted}`);
  }
  return { command: shape.build(value), json };
}

function parse(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    // node:util's messages name the offending option, which is what the user needs to see.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  // parseArgs keeps the last of a repeated option; which one the user meant is not ours to guess.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} was given more than once`);
    seen.add(token.name);
  }
  return parsed;
}
