import { DomainError, fixedClock, hashApiKey, KeyTags, newKeyTagSecret, UsageService } from '@petstore/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_SHOWN_ONCE_WARNING, runCommand, type CommandDeps } from './commands.js';
import { operatorServices } from './operator-services.js';
import { capturedOutput } from './testing/captured-output.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const IN_30_DAYS = new Date('2026-12-22T10:00:00.000Z');

describe.skipIf(!mongodbUri)('runCommand', () => {
  let database: Awaited<ReturnType<typeof connectTestDatabase>>;
  let deps: CommandDeps;
  beforeEach(async () => {
    database = await connectTestDatabase();
    const clock = fixedClock(NOW);
    const config = { actor: 'ops@example', publicBaseUrl: 'https://petstore.example', signUpPolicy: 'open' as const };
    const services = operatorServices(config, database, new KeyTags([newKeyTagSecret()]), clock);
    deps = { ...services, usage: new UsageService({ store: database.usage, clock }) };
  });
  afterEach(async () => {
    await database.drop();
  });

  const run = async (command: Parameters<typeof runCommand>[0], json = false) => {
    const output = capturedOutput();
    await runCommand(command, deps, output, json);
    return output;
  };

  /** Runs a command in JSON mode and returns what it printed, parsed. */
  const runJson = async <T = Record<string, unknown>>(command: Parameters<typeof runCommand>[0]): Promise<T> => {
    const output = await run(command, true);
    expect(output.stdout).toHaveLength(1);
    return JSON.parse(output.stdout[0] ?? '') as T;
  };
  const newAccount = async () => String((await runJson({ action: 'create-account', name: 'Pet Shop' }))['id']);

  it('creates an account and prints its id', async () => {
    const output = await run({ action: 'create-account', name: 'Pet Shop' });
    const id = /^created account (acc_\S+) "Pet Shop"$/.exec(output.stdout.join('\n'))?.[1];
    expect(id && (await database.keys.getAccount(id))).toMatchObject({ name: 'Pet Shop' });
  });

  it('prints a new key once with what it may do, and warns on stderr that it will not be shown again', async () => {
    const accountId = await newAccount();
    const output = await run({
      action: 'create-key',
      accountId,
      name: 'Nightly import',
      scopes: ['pets:read'],
      expiresAt: IN_30_DAYS.toISOString(),
      rateLimit: 1000,
    });
    const key = /^key: +(psk_test_\S+)$/.exec(output.stdout[0] ?? '')?.[1] ?? '';
    expect(output.stdout.slice(1)).toEqual([
      expect.stringMatching(/^id: +key_\S+$/),
      'name:        "Nightly import"',
      `prefix:      ${key.slice(0, 15)}`,
      'scopes:      pets:read',
      'expires:     2026-12-22T10:00:00.000Z',
      'rate limit:  1000 per window',
    ]);
    expect(output.stderr).toEqual([KEY_SHOWN_ONCE_WARNING]);
    expect(await run({ action: 'create-key', accountId })).toMatchObject({
      stdout: expect.arrayContaining([
        'name:        -',
        'scopes:      pets:read,pets:write',
        'expires:     never',
        'rate limit:  default (PETSTORE_RATE_LIMIT)',
      ]),
    });
  });

  it('prints a new key as one JSON document with everything kept of it', async () => {
    const accountId = await newAccount();
    const issued = await runJson({ action: 'create-key', accountId, scopes: ['pets:read'], expiresAt: IN_30_DAYS.toISOString(), rateLimit: 1000 });
    expect(issued).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^psk_test_/),
      accountId,
      name: null,
      prefix: String(issued['key']).slice(0, 15),
      scopes: ['pets:read'],
      kind: 'secret',
      origins: [],
      createdBy: 'ops@example',
      expiresAt: IN_30_DAYS.toISOString(),
      rateLimit: 1000,
      lastUsedAt: null,
      replacedBy: null,
      overlapEndsAt: null,
      createdAt: NOW.toISOString(),
      revokedAt: null,
      rollPending: false,
      lineageId: issued['id'],
    });
  });

  it('lists keys with scopes, limit, end, last use, creation and revocation, never the key or its hash', async () => {
    const accountId = await newAccount();
    const old = await runJson({ action: 'create-key', accountId, scopes: ['pets:read'], expiresAt: IN_30_DAYS.toISOString(), rateLimit: 1000 });
    const rolled = await runJson<{ id: string; key: string }>({ action: 'roll-key', keyId: String(old['id']), overlapSeconds: 3600 });
    await database.keys.recordKeyUse(String(old['id']), new Date('2026-11-22T10:00:42.123Z'));

    const output = await run({ action: 'list-keys', accountId });
    const width = String(old['id']).length;
    const row = (...cells: string[]) => cells.map((cell, n) => (n === 0 ? cell.padEnd(width) : cell)).join('  ');
    const [header, ...rows] = output.stdout;
    expect(header).toBe(
      row('ID', 'NAME', 'PREFIX         ', 'SCOPES   ', 'LIMIT', 'EXPIRES                   ', 'LAST USED        ', 'CREATED          ', 'REVOKED'),
    );
    // Keys are listed by creation; these two were made at the same instant (a fixed clock), so either may come first.
    expect(rows.sort()).toEqual(
      [
        row(
          String(old['id']),
          '-   ',
          String(old['prefix']),
          'pets:read',
          '1000 ',
          '2026-11-22T11:00Z (rolled)',
          '2026-11-22T10:00Z',
          '2026-11-22T10:00Z',
          '-',
        ),
        row(
          rolled.id,
          '-   ',
          rolled.key.slice(0, 15),
          'pets:read',
          '1000 ',
          '2026-12-22T10:00Z         ',
          'never            ',
          '2026-11-22T10:00Z',
          '-',
        ),
      ].sort(),
    );
    const listed = await runJson<Array<Record<string, unknown>>>({ action: 'list-keys', accountId });
    expect(listed.find((key) => key['id'] === old['id'])).toMatchObject({
      replacedBy: rolled.id,
      overlapEndsAt: '2026-11-22T11:00:00.000Z',
      lastUsedAt: '2026-11-22T10:00:42.123Z',
    });
    const printed = output.stdout.join('\n') + JSON.stringify(listed);
    for (const secret of [String(old['key']), rolled.key, hashApiKey(String(old['key'])), hashApiKey(rolled.key)]) {
      expect(printed).not.toContain(secret);
    }
  });

  it("changes a key's scopes and limit, and sets the limit back to the default", async () => {
    const keyId = String((await runJson({ action: 'create-key', accountId: await newAccount() }))['id']);
    const output = await run({ action: 'update-key', keyId, scopes: ['pets:read'], rateLimit: 250 });
    expect(output.stdout).toEqual([expect.stringMatching(new RegExp(`^key ${keyId} \\(psk_test_\\S{6}…\\): scopes pets:read, rate limit 250$`))]);
    expect(await runJson({ action: 'update-key', keyId, rateLimit: null })).toMatchObject({ id: keyId, scopes: ['pets:read'], rateLimit: null });
    expect(await database.keys.getKey(keyId)).toMatchObject({ scopes: ['pets:read'], rateLimit: null });
  });

  it('rolls a key: the new one printed once, the old one with the end of its overlap', async () => {
    const accountId = await newAccount();
    const old = await runJson({ action: 'create-key', accountId, rateLimit: 5 });
    const output = await run({ action: 'roll-key', keyId: String(old['id']) });
    expect(output.stderr).toEqual([KEY_SHOWN_ONCE_WARNING]);
    expect(output.stdout[0]).toMatch(/^key: +psk_\S+$/);
    expect(output.stdout).toContain('rate limit:  5 per window');
    expect(output.stdout.at(-1)).toBe(`replaces:    ${String(old['id'])}, which stops working at 2026-11-23T10:00:00.000Z`);

    const again = await runJson({ action: 'create-key', accountId });
    expect(await runJson({ action: 'roll-key', keyId: String(again['id']), overlapSeconds: 0 })).toMatchObject({
      accountId,
      key: expect.stringMatching(/^psk_/),
      replaced: { id: again['id'], overlapEndsAt: NOW.toISOString() },
    });
  });

  it('revokes a key and lists it as revoked', async () => {
    const accountId = await newAccount();
    const keyId = String((await runJson({ action: 'create-key', accountId }))['id']);
    expect(await runJson({ action: 'revoke-key', keyId })).toMatchObject({ id: keyId, revokedAt: NOW.toISOString() });
    expect(await runJson({ action: 'list-keys', accountId })).toEqual([expect.objectContaining({ revokedAt: NOW.toISOString() })]);
  });

  it("prints an account's calls by key, operation and door with every outcome, and who still calls the deprecated read", async () => {
    const accountId = await newAccount();
    const hour = new Date('2026-11-21T09:00:00Z');
    const tally = { accountId, keyId: 'key_a', hour } as const;
    await database.usage.add([
      { ...tally, operation: 'listPets', door: 'rest', outcome: 'served', count: 40 },
      { ...tally, operation: 'listPets', door: 'rest', outcome: 'rate_limited', count: 2 },
      { ...tally, operation: 'getPet', door: 'graphql', outcome: 'served', count: 3 },
      { ...tally, accountId: 'acc_other', keyId: 'key_x', operation: 'getPet', door: 'rest', outcome: 'served', count: 9 },
    ]);
    const output = await run({ action: 'usage', accountId });
    expect(output.stdout).toEqual([
      `calls of account ${accountId}'s keys from 2026-10-24 to 2026-11-23 (UTC days, the end excluded)`,
      'KEY    OPERATION  DOOR     CALLS  SERVED  FORBIDDEN  RATE_LIMITED  CLIENT_ERROR  SERVER_ERROR',
      'key_a  getPet     graphql  3      3       0          0             0             0',
      'key_a  listPets   rest     42     40      0          2             0             0',
      '',
      'deprecated getPet: removed on 2030-12-05 (1474 days left); call instead REST GET /v1/pets?status=…, GraphQL pets, tRPC pets.list',
      '  3 calls in the last 30 days:',
      '  KEY    DOOR     CALLS',
      '  key_a  graphql  3',
    ]);
    const json = await runJson<{ usage: { keys: unknown[] }; deprecation: { keys: unknown[] } }>({ action: 'usage', accountId, keyId: 'key_b' });
    expect(json.usage.keys).toEqual([]);
    expect(json.deprecation.keys).toEqual([{ keyId: 'key_a', calls: 3 }]);
    await expect(run({ action: 'usage', accountId: 'acc_missing' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('prints the audit trail newest first, as a table or as JSON, for one account or all', async () => {
    const accountId = await newAccount();
    const otherId = await newAccount();
    const keyId = String((await runJson({ action: 'create-key', accountId, scopes: ['pets:read'] }))['id']);
    await run({ action: 'update-key', keyId, rateLimit: 100, scopes: ['pets:read', 'pets:write'] });

    const output = await run({ action: 'list-audit', accountId });
    const at = NOW.toISOString();
    expect(output.stdout.map((line) => line.split(/ {2,}/))).toEqual([
      ['AT', 'ACTOR', 'ACTION', 'ACCOUNT', 'KEY', 'CHANGES'],
      [at, 'ops@example', 'key.updated', accountId, keyId, 'scopes pets:read -> pets:read,pets:write; rateLimit default -> 100'],
      [at, 'ops@example', 'key.created', accountId, keyId, 'name -; scopes pets:read; expiresAt never; rateLimit default'],
      [at, 'ops@example', 'account.created', accountId, '-', 'name "Pet Shop"'],
    ]);
    const all = await runJson<Array<{ action: string; accountId: string }>>({ action: 'list-audit' });
    expect(all.map((record) => `${record.action} ${record.accountId}`)).toEqual([
      `key.updated ${accountId}`,
      `key.created ${accountId}`,
      `account.created ${otherId}`,
      `account.created ${accountId}`,
    ]);
    expect(await runJson({ action: 'list-audit', since: new Date(NOW.getTime() + 1) })).toEqual([]);
    expect((await run({ action: 'list-audit', since: new Date(NOW.getTime() + 1) })).stdout).toEqual(['no changes recorded']);
  });

  it.each([
    ['creating a key', { action: 'create-key', accountId: 'acc_missing' }, 'account acc_missing does not exist'],
    ['listing keys', { action: 'list-keys', accountId: 'acc_missing' }, 'account acc_missing does not exist'],
    ['listing the audit trail', { action: 'list-audit', accountId: 'acc_missing' }, 'account acc_missing does not exist'],
    ['revoking a key', { action: 'revoke-key', keyId: 'key_missing' }, 'key key_missing does not exist'],
    ['updating a key', { action: 'update-key', keyId: 'key_missing', rateLimit: 1 }, 'key key_missing does not exist'],
    ['rolling a key', { action: 'roll-key', keyId: 'key_missing' }, 'key key_missing does not exist'],
  ] as const)('fails %s of an unknown id as not_found, printing nothing', async (_, command, message) => {
    const output = capturedOutput();
    await expect(runCommand(command, deps, output, false)).rejects.toThrow(new DomainError('not_found', message));
    expect(output.stdout).toEqual([]);
  });
});
