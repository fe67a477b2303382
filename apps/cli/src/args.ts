import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

export type StoreCommand =
  | { action: 'create-account'; name: string }
  | { action: 'create-key'; accountId: string }
  | { action: 'list-keys'; accountId: string }
  | { action: 'revoke-key'; keyId: string };

export type CliCommand = { action: 'help' } | StoreCommand;

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
  if (values.help || positionals.length === 0 || positionals.join(' ') === 'help') {
    return { command: { action: 'help' }, json };
  }
  const [group, verb = '', ...rest] = positionals;
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
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // node:util's messages name the offending option, which is what the user needs to see.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
