import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { UsageError } from './usage-error.js';

describe('parseCliArgs', () => {
  it.each([[['--help']], [['-h']], [['help']], [['keys', 'create', '--help']]])('reads %j as a request for help', (argv) => {
    expect(parseCliArgs(argv).command).toEqual({ action: 'help', asked: true });
  });

  it('reads no arguments as help nobody asked for', () => {
    expect(parseCliArgs([]).command).toEqual({ action: 'help', asked: false });
  });

  it.each(['accounts', 'keys'] as const)('reads the group %s alone as its list of commands', (group) => {
    expect(parseCliArgs([group]).command).toEqual({ action: 'help', group, asked: false });
    expect(parseCliArgs([group, '--help']).command).toEqual({ action: 'help', group, asked: true });
  });

  it.each([
    [['accounts', 'create', '--name', 'a', '--name', 'b'], '--name was given more than once'],
    [['keys', 'list', '--account=acc_1', '--account', 'acc_2'], '--account was given more than once'],
    [['keys', 'revoke', 'key_1', '--json', '--json'], '--json was given more than once'],
    [['-h', '--help'], '--help was given more than once'],
  ])('refuses %j, a repeated option', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new UsageError(message));
  });

  it('reads each command with its value', () => {
    expect(parseCliArgs(['accounts', 'create', '--name', 'Pet Shop'])).toEqual({
      command: { action: 'create-account', name: 'Pet Shop' },
      json: false,
    });
    expect(parseCliArgs(['keys', 'create', '--account=acc_1']).command).toEqual({ action: 'create-key', accountId: 'acc_1' });
    expect(parseCliArgs(['keys', 'list', '--account', 'acc_1']).command).toEqual({ action: 'list-keys', accountId: 'acc_1' });
    expect(parseCliArgs(['keys', 'revoke', 'key_1']).command).toEqual({ action: 'revoke-key', keyId: 'key_1' });
  });

  it('reads --json anywhere on the line', () => {
    expect(parseCliArgs(['--json', 'keys', 'revoke', 'key_1']).json).toBe(true);
    expect(parseCliArgs(['keys', 'list', '--account', 'acc_1', '--json']).json).toBe(true);
  });

  it.each([
    [['pets', 'list'], 'unknown command "pets list"'],
    [['keys', 'rotate'], 'unknown command "keys rotate"'],
    [['accounts', 'create'], '"accounts create" needs --name <name>'],
    [['accounts', 'create', '--name', '  '], '"accounts create" needs --name <name>'],
    [['keys', 'list'], '"keys list" needs --account <accountId>'],
    [['keys', 'revoke'], '"keys revoke" needs <keyId>'],
    [['keys', 'revoke', 'key_1', 'key_2'], '"keys revoke" got an unexpected argument "key_2"'],
    [['keys', 'create', 'acc_1'], '"keys create" got an unexpected argument "acc_1"'],
    [['keys', 'revoke', 'key_1', '--account', 'acc_1'], '"keys revoke" does not take --account'],
    [['accounts', 'create', '--name', 'x', '--account', 'acc_1'], '"accounts create" does not take --account'],
  ])('refuses %j with a message saying what is wrong', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new UsageError(message));
  });

  it('refuses unknown options and options missing their value', () => {
    expect(() => parseCliArgs(['keys', 'list', '--acount', 'acc_1'])).toThrow(/--acount/);
    expect(() => parseCliArgs(['keys', 'list', '--account'])).toThrow(/--account/);
    expect(() => parseCliArgs(['keys', 'list', '--account'])).toThrow(UsageError);
  });
});
