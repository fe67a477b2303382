import { AccountService, DomainError, fixedClock } from '@petstore/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_SHOWN_ONCE_WARNING, runCommand, type CommandDeps } from './commands.js';
import { capturedOutput } from './testing/captured-output.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe.skipIf(!mongodbUri)('runCommand', () => {
  let database: Awaited<ReturnType<typeof connectTestDatabase>>;
  let deps: CommandDeps;
  beforeEach(async () => {
    database = await connectTestDatabase();
    deps = { accounts: new AccountService({ keys: database.keys, clock: fixedClock(NOW) }) };
  });
  afterEach(async () => {
    await database.drop();
  });

  /** Runs a command in JSON mode and returns what it printed, parsed. */
  const runJson = async (command: Parameters<typeof runCommand>[0]): Promise<Record<string, unknown>> => {
    const output = capturedOutput();
    await runCommand(command, deps, output, true);
    expect(output.stdout).toHaveLength(1);
    return JSON.parse(output.stdout[0] ?? '') as Record<string, unknown>;
  };

  it('creates an account and prints its id', async () => {
    const output = capturedOutput();
    await runCommand({ action: 'create-account', name: 'Pet Shop' }, deps, output, false);
    const id = /^created account (acc_\S+) \(Pet Shop\)$/.exec(output.stdout.join('\n'))?.[1];
    expect(id && (await database.keys.getAccount(id))).toMatchObject({ name: 'Pet Shop' });
  });

  it('prints a new key once, with its id and prefix, and warns on stderr that it will not be shown again', async () => {
    const account = await runJson({ action: 'create-account', name: 'Pet Shop' });
    const output = capturedOutput();
    await runCommand({ action: 'create-key', accountId: String(account['id']) }, deps, output, false);
    const [keyLine, idLine, prefixLine] = output.stdout;
    const key = keyLine?.replace(/^key: +/, '') ?? '';
    expect(key).toMatch(/^psk_/);
    expect(idLine).toMatch(/^id: +key_/);
    expect(prefixLine).toBe(`prefix:  ${key.slice(0, 10)}`);
    expect(output.stderr).toEqual([KEY_SHOWN_ONCE_WARNING]);
  });

  it('lists keys with id, prefix, created and revoked, never the key or its hash', async () => {
    const account = await runJson({ action: 'create-account', name: 'Pet Shop' });
    const accountId = String(account['id']);
    const issued = await runJson({ action: 'create-key', accountId });
    const [stored] = await database.keys.listKeys(accountId);

    const output = capturedOutput();
    await runCommand({ action: 'list-keys', accountId }, deps, output, false);
    const keyId = String(issued['id']);
    expect(output.stdout).toEqual([
      `${'ID'.padEnd(keyId.length)}  PREFIX      CREATED                   REVOKED`,
      `${keyId}  ${String(issued['prefix'])}  ${NOW.toISOString()}  -`,
    ]);
    const listed = output.stdout.join('\n') + JSON.stringify(await runJson({ action: 'list-keys', accountId }));
    expect(listed).not.toContain(String(issued['key']));
    expect(listed).not.toContain(stored?.hash);
  });

  it('revokes a key and lists it as revoked', async () => {
    const accountId = String((await runJson({ action: 'create-account', name: 'Pet Shop' }))['id']);
    const keyId = String((await runJson({ action: 'create-key', accountId }))['id']);
    expect(await runJson({ action: 'revoke-key', keyId })).toMatchObject({ id: keyId, revokedAt: NOW.toISOString() });
    expect(await runJson({ action: 'list-keys', accountId })).toEqual([expect.objectContaining({ revokedAt: NOW.toISOString() })]);
  });

  it.each([
    ['creating a key', { action: 'create-key', accountId: 'acc_missing' }, 'account acc_missing does not exist'],
    ['listing keys', { action: 'list-keys', accountId: 'acc_missing' }, 'account acc_missing does not exist'],
    ['revoking a key', { action: 'revoke-key', keyId: 'key_missing' }, 'key key_missing does not exist'],
  ] as const)('fails %s of an unknown id as not_found, printing nothing', async (_, command, message) => {
    const output = capturedOutput();
    await expect(runCommand(command, deps, output, false)).rejects.toThrow(new DomainError('not_found', message));
    expect(output.stdout).toEqual([]);
  });
});
