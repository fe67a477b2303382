import { MAX_ROLL_OVERLAP_SECONDS, operatorOn } from '@petstore/domain';
import { keyTagsOf } from '@petstore/runtime';
import { ACCOUNT_RATE_LIMIT, KEY_CONTAINMENT_TABLE, type ContainmentTarget, type KeyOperation } from '@petstore/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { operatorServices } from './operator-services.js';
import { petstore } from './testing/run-petstore.js';
import { mongodbUri, useCliDatabase } from './testing/test-database.js';

/** Each operator operation of the table as the command line says it, given the account and the target key. */
const COMMANDS: Partial<Record<KeyOperation, (account: string, key: string) => string[]>> = {
  listKeys: (account) => ['keys', 'list', '--account', account],
  'updateKey +pets:write': (_, key) => ['keys', 'update', key, '--scopes', 'pets:read,pets:write'],
  'updateKey +keys:manage': (_, key) => ['keys', 'update', key, '--scopes', 'pets:read,keys:manage'],
  rollKey: (_, key) => ['keys', 'roll', key],
  'rollKey overlap at the bound': (_, key) => ['keys', 'roll', key, '--overlap', `${MAX_ROLL_OVERLAP_SECONDS}s`],
  'rollKey overlap above the bound': (_, key) => ['keys', 'roll', key, '--overlap', `${MAX_ROLL_OVERLAP_SECONDS + 1}s`],
  revokeKey: (_, key) => ['keys', 'revoke', key],
  'createKey pets:write': (account) => ['keys', 'create', '--account', account, '--scopes', 'pets:write'],
  'createKey above the account limit': (account) => [
    'keys',
    'create',
    '--account',
    account,
    '--scopes',
    'pets:read',
    '--rate-limit',
    String(ACCOUNT_RATE_LIMIT * 5),
  ],
  listAuditRecords: (account) => ['audit', 'list', '--account', account],
};

/** The exit status that says what an HTTP status says: done, bad usage (a value refused), or refused. */
const exitFor = (status: number) => (status < 300 ? 0 : status === 400 ? 2 : 1);

// The operator's rows of the one table of who may do what (tooling/testing), through the built
// command line on the service's database, with the service's PETSTORE_RATE_LIMIT: the operator is
// held by none of a caller's bounds, only by what every caller's values must be.
describe.skipIf(!mongodbUri)("the operator's rows of who may do what with which key, through the command line", { timeout: 90_000 }, () => {
  const cli = useCliDatabase({ PETSTORE_ACTOR: 'operator (test)', PETSTORE_RATE_LIMIT: String(ACCOUNT_RATE_LIMIT) });
  let accountId: string;
  let otherAccountId: string;
  let petKeyOf: (account: string) => Promise<string>;

  beforeAll(async () => {
    const { database } = cli;
    const config = { actor: 'operator (test)', publicBaseUrl: undefined, signUpPolicy: 'open' as const };
    const { accounts, keys } = operatorServices(config, database, await keyTagsOf(undefined, database.keyTagSecrets));
    accountId = (await accounts.createAccount('Account A')).id;
    otherAccountId = (await accounts.createAccount('Account B')).id;
    petKeyOf = async (account) => (await keys.createKey(operatorOn(account), { name: 'pets', scopes: ['pets:read'] })).id;
    // The account has a key before any row runs, as it has at the management API.
    await petKeyOf(accountId);
  });

  const targetOf = (target: ContainmentTarget): Promise<string> | string => {
    if (target === 'pet key') return petKeyOf(accountId);
    if (target === "other account's key") return petKeyOf(otherAccountId);
    if (target === '—') return '';
    throw new Error(`no operator target ${target}`);
  };

  it.each(KEY_CONTAINMENT_TABLE.filter(([caller]) => caller === 'operator'))('%s · %s · %s → %i', async (_, operation, target, status) => {
    const command = COMMANDS[operation];
    if (command === undefined) throw new Error(`no command for ${operation}`);
    const run = await petstore([...command(accountId, await targetOf(target)), '--json'], cli.env);
    expect(run.status, run.stderr).toBe(exitFor(status));
    // What it printed is of the account it acted on: the service's own database, not another.
    if (status < 300) expect(run.stdout).toContain(target === "other account's key" ? otherAccountId : accountId);
    else expect(JSON.parse(run.stderr)).toMatchObject({ error: { code: expect.any(String), message: expect.stringContaining('overlap') } });
  });
});
