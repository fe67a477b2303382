import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { BadValueError } from './bad-value.js';
import { UsageError } from './usage-error.js';

const OVERLAP_RULE =
  '--overlap must be a non-negative duration such as 30d: a whole number of s, m, h or d, at most 30d (0 for none), with no spaces';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('parseCliArgs', () => {
  it.each([[['--help']], [['-h']], [['help']], [['keys', 'create', '--help']]])('reads %j as a request for help', (argv) => {
    expect(parseCliArgs(argv).command).toEqual({ action: 'help', asked: true });
  });

  it('reads no arguments as help nobody asked for', () => {
    expect(parseCliArgs([]).command).toEqual({ action: 'help', asked: false });
  });

  it.each(['accounts', 'keys', 'audit'] as const)('reads the group %s alone as its list of commands', (group) => {
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

  it("reads a new key's scopes, expiry and limit", () => {
    expect(
      parseCliArgs(['keys', 'create', '--account', 'acc_1', '--scopes', 'pets:read', '--expires-in', '30d', '--rate-limit', '1000'], NOW).command,
    ).toEqual({ action: 'create-key', accountId: 'acc_1', scopes: ['pets:read'], expiresAt: '2026-12-22T10:00:00.000Z', rateLimit: 1000 });
    expect(
      parseCliArgs(['keys', 'create', '--account', 'acc_1', '--expires-at', '2027-01-01T01:00:00+01:00', '--scopes', ' pets:write , pets:read '], NOW)
        .command,
    ).toEqual({
      action: 'create-key',
      accountId: 'acc_1',
      scopes: ['pets:write', 'pets:read'],
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    expect(parseCliArgs(['keys', 'create', '--account', 'acc_1', '--expires-at', '2027-01-01'], NOW).command).toMatchObject({
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
  });

  it.each([
    [['keys', 'update', 'key_1', '--scopes', 'pets:read'], { action: 'update-key', keyId: 'key_1', scopes: ['pets:read'] }],
    [['keys', 'update', 'key_1', '--rate-limit', '50'], { action: 'update-key', keyId: 'key_1', rateLimit: 50 }],
    [
      ['keys', 'update', 'key_1', '--rate-limit', 'default', '--scopes', 'pets:read,pets:write'],
      { action: 'update-key', keyId: 'key_1', rateLimit: null, scopes: ['pets:read', 'pets:write'] },
    ],
    [['keys', 'roll', 'key_1'], { action: 'roll-key', keyId: 'key_1' }],
    [['keys', 'roll', 'key_1', '--overlap', '0'], { action: 'roll-key', keyId: 'key_1', overlapSeconds: 0 }],
    [['keys', 'roll', 'key_1', '--overlap', '90m'], { action: 'roll-key', keyId: 'key_1', overlapSeconds: 5400 }],
    [['keys', 'roll', 'key_1', '--overlap', '2d'], { action: 'roll-key', keyId: 'key_1', overlapSeconds: 172_800 }],
    [['keys', 'roll', 'key_1', '--overlap', '30d'], { action: 'roll-key', keyId: 'key_1', overlapSeconds: 2_592_000 }],
    [['audit', 'list'], { action: 'list-audit' }],
    [['usage', '--account', 'acc_1'], { action: 'usage', accountId: 'acc_1' }],
    [
      ['usage', '--account', 'acc_1', '--key', ' key_1 ', '--since', '2026-11-01'],
      { action: 'usage', accountId: 'acc_1', keyId: 'key_1', since: new Date('2026-11-01T00:00:00Z') },
    ],
    [
      ['audit', 'list', '--account', 'acc_1', '--since', '2026-11-01T00:00Z'],
      { action: 'list-audit', accountId: 'acc_1', since: new Date('2026-11-01T00:00:00.000Z') },
    ],
  ])('reads %j', (argv, command) => {
    expect(parseCliArgs(argv, NOW).command).toEqual(command);
  });

  it.each([
    [
      ['keys', 'create', '--account', 'a', '--scopes', 'pets:delete'],
      '--scopes: unknown scope "pets:delete"; the scopes are pets:read, pets:write, keys:read, keys:manage',
    ],
    [
      ['keys', 'update', 'key_1', '--scopes', 'pets:read,PETS:WRITE'],
      '--scopes: unknown scope "PETS:WRITE"; the scopes are pets:read, pets:write, keys:read, keys:manage',
    ],
    [['keys', 'create', '--account', 'a', '--scopes', ' , '], '--scopes needs at least one of pets:read, pets:write, keys:read, keys:manage'],
    [['keys', 'create', '--account', 'a', '--rate-limit', '0'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'create', '--account', 'a', '--rate-limit', 'lots'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'create', '--account', 'a', '--rate-limit', '1.5'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'create', '--account', 'a', '--rate-limit', '10000001'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'create', '--account', 'a', '--rate-limit', 'default'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'update', 'key_1', '--rate-limit', '0'], '--rate-limit must be a whole number from 1 to 10000000, or default'],
    [['keys', 'update', 'key_1', '--rate-limit=-5'], '--rate-limit must be a whole number from 1 to 10000000, or default'],
    [
      ['keys', 'create', '--account', 'a', '--expires-in', '30'],
      '--expires-in must be a duration such as 30d: a whole number of s, m, h or d, at most 3650d, with no spaces',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-in', '0'],
      '--expires-in must be a duration such as 30d: a whole number of s, m, h or d, at most 3650d, with no spaces',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-in', '2w'],
      '--expires-in must be a duration such as 30d: a whole number of s, m, h or d, at most 3650d, with no spaces',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-in', '3651d'],
      '--expires-in must be a duration such as 30d: a whole number of s, m, h or d, at most 3650d, with no spaces',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-at', '2026-11-22T09:59:59Z'],
      '--expires-at must be in the future (it is 2026-11-22T10:00:00.000Z now)',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-at', '2027-02-30'],
      '--expires-at must be an ISO 8601 instant such as 2027-01-01T00:00:00Z (or a date, 2027-01-01)',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-at', '2027-01-01T00:00:00'],
      '--expires-at must be an ISO 8601 instant such as 2027-01-01T00:00:00Z (or a date, 2027-01-01)',
    ],
    [
      ['keys', 'create', '--account', 'a', '--expires-at', 'next year'],
      '--expires-at must be an ISO 8601 instant such as 2027-01-01T00:00:00Z (or a date, 2027-01-01)',
    ],
    [['keys', 'create', '--account', 'a', '--expires-in', '1d', '--expires-at', '2027-01-01'], 'give --expires-in or --expires-at, not both'],
    [['keys', 'roll', 'key_1', '--overlap=-1h'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', 'soon'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', '31d'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', '2592001s'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', '-1'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', '-1h'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', ' 1h'], OVERLAP_RULE],
    [['keys', 'roll', 'key_1', '--overlap', '1h '], OVERLAP_RULE],
    [['keys', 'update', 'key_1', '--rate-limit', '-5'], '--rate-limit must be a whole number from 1 to 10000000, or default'],
    [['keys', 'update', 'key_1', '--rate-limit', ' 5'], '--rate-limit must be a whole number from 1 to 10000000, or default'],
    [['audit', 'list', '--since', '2026-11-01 '], '--since must be an ISO 8601 instant such as 2027-01-01T00:00:00Z (or a date, 2027-01-01)'],
    [['audit', 'list', '--since', 'yesterday'], '--since must be an ISO 8601 instant such as 2027-01-01T00:00:00Z (or a date, 2027-01-01)'],
  ])('refuses the bad value in %j, naming the option', (argv, message) => {
    expect(() => parseCliArgs(argv, NOW)).toThrow(new BadValueError(message));
  });

  it("reads a browser key's kind and every origin given, in order", () => {
    const argv = [
      'keys',
      'create',
      '--account',
      'acc_1',
      '--kind',
      'browser',
      '--origin',
      'https://shop.example',
      '--origin',
      'http://localhost:5173',
    ];
    expect(parseCliArgs(argv).command).toEqual({
      action: 'create-key',
      accountId: 'acc_1',
      kind: 'browser',
      origins: ['https://shop.example', 'http://localhost:5173'],
    });
    expect(() => parseCliArgs(['keys', 'create', '--account', 'acc_1', '--kind', 'public'])).toThrow('--kind must be secret or browser');
  });

  it('reads an account id with spaces around it as the id', () => {
    expect(parseCliArgs(['keys', 'list', '--account', ' acc_1 ']).command).toEqual({ action: 'list-keys', accountId: 'acc_1' });
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
    [['keys', 'update', 'key_1'], '"keys update" needs --name, --scopes or --rate-limit'],
    [['keys', 'update', '--scopes', 'pets:read'], '"keys update" needs <keyId>'],
    [['keys', 'roll', 'key_1', '--scopes', 'pets:read'], '"keys roll" does not take --scopes'],
    [['keys', 'list', '--account', 'acc_1', '--since', '2026-01-01'], '"keys list" does not take --since'],
    [['keys', 'create', '--account', 'acc_1', '--overlap', '1h'], '"keys create" does not take --overlap'],
    [['keys', 'update', 'key_1', '--name', 'x', '--origin', 'https://shop.example'], '"keys update" does not take --origin'],
    [['keys', 'create', '--account', 'acc_1', '--kind', 'browser', '--kind', 'secret'], '--kind was given more than once'],
    [['audit', 'list', 'acc_1'], '"audit list" got an unexpected argument "acc_1"'],
    [['audit', 'show'], 'unknown command "audit show"'],
  ])('refuses %j with a message saying what is wrong', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(new UsageError(message));
  });

  it('refuses unknown options and options missing their value', () => {
    expect(() => parseCliArgs(['keys', 'list', '--acount', 'acc_1'])).toThrow(/--acount/);
    expect(() => parseCliArgs(['keys', 'list', '--account'])).toThrow(/--account/);
    expect(() => parseCliArgs(['keys', 'list', '--account'])).toThrow(UsageError);
  });
});
