import { createAuthenticator } from '@petstore/domain';
import { freePort } from '@petstore/testdb';
import { keyTagsOf } from '@petstore/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petstore } from './testing/run-petstore.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

describe('petstore command line', () => {
  it('prints its usage for --help and exits 0', async () => {
    const run = await petstore(['--help']);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toContain('petstore keys create --account <accountId>');
  });

  it('prints its usage on stderr and exits 2 when given no arguments', async () => {
    const run = await petstore([]);
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(run.stderr).toContain('petstore keys create --account <accountId>');
  });

  it.each([
    ['accounts', ['petstore accounts create --name <name>'], 'petstore keys'],
    [
      'keys',
      ['petstore keys create', 'petstore keys update <keyId>', 'petstore keys roll <keyId>', 'petstore keys list', 'petstore keys revoke <keyId>'],
      'petstore accounts',
    ],
    ['audit', ['petstore audit list [--account <accountId>] [--since'], 'petstore keys'],
  ])('lists the commands of the group %s given alone, on stderr with exit 2', async (group, listed, absent) => {
    const run = await petstore([group]);
    expect(run).toMatchObject({ status: 2, stdout: '' });
    for (const line of listed) expect(run.stderr).toContain(line);
    expect(run.stderr).not.toContain(absent);
    expect(await petstore([group, '--help'])).toMatchObject({ status: 0, stderr: '', stdout: expect.stringContaining(listed[0] ?? '') });
  });

  it('refuses a repeated option with exit 2', async () => {
    const run = await petstore(['accounts', 'create', '--name', 'a', '--name', 'b'], { MONGODB_URI: 'mongodb://127.0.0.1:1/' });
    expect(run).toMatchObject({ status: 2, stdout: '', stderr: expect.stringContaining('--name was given more than once') });
  });

  it.each([
    ['a URI of another scheme', 'http://127.0.0.1:27017/'],
    ['a URI the driver cannot parse', 'mongodb://127.0.0.1:99999999/'],
    ['a URI with an unknown option', 'mongodb://127.0.0.1:27017/?notAnOption=1&ssl=maybe'],
  ])('exits 2 naming MONGODB_URI for %s, never its value', async (_, uri) => {
    const run = await petstore(['keys', 'list', '--account', 'acc_1'], { MONGODB_URI: uri });
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(run.stderr).toContain('MONGODB_URI');
    expect(run.stderr).not.toContain(uri);
  });

  it('exits 2 for any bad service variable, as a server start would refuse it', async () => {
    const run = await petstore(['keys', 'list', '--account', 'acc_1'], { MONGODB_URI: 'mongodb://127.0.0.1:1/', MONGODB_TIMEOUT_MS: 'soon' });
    expect(run).toMatchObject({ status: 2, stderr: expect.stringContaining('MONGODB_TIMEOUT_MS') });
  });

  it('exits 2 for an unknown command, saying so', async () => {
    expect(await petstore(['pets', 'feed'])).toMatchObject({ status: 2, stdout: '', stderr: expect.stringContaining('unknown command "pets feed"') });
  });

  it('exits 2 when MONGODB_URI is not set, naming it', async () => {
    expect(await petstore(['keys', 'list', '--account', 'acc_1'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('MONGODB_URI is not set'),
    });
  });

  it('exits 1 saying the database is unavailable when nothing listens at MONGODB_URI', async () => {
    const run = await petstore(['keys', 'list', '--account', 'acc_1', '--json'], {
      MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/`,
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stderr)).toEqual({
      error: { code: 'service_unavailable', message: 'the database is unavailable; retry shortly' },
    });
  });
});

describe.skipIf(!mongodbUri)('petstore command line against the database', () => {
  let database: Awaited<ReturnType<typeof connectTestDatabase>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await connectTestDatabase();
    env = { MONGODB_URI: mongodbUri ?? '', MONGODB_DB: database.db.databaseName };
  });
  afterAll(async () => {
    await database.drop();
  });

  const json = async (args: string[]): Promise<Record<string, unknown>> => {
    const run = await petstore([...args, '--json'], env);
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Record<string, unknown>;
  };

  it('takes a key from creation to revocation, and the key authenticates until it is revoked', async () => {
    const authenticate = createAuthenticator(database.keys, { keyTags: await keyTagsOf(undefined, database.keyTagSecrets) });
    const accountId = String((await json(['accounts', 'create', '--name', 'Pet Shop']))['id']);

    const created = await petstore(['keys', 'create', '--account', accountId], env);
    expect(created.status).toBe(0);
    expect(created.stderr).toContain('will not be shown again');
    const key = /^key: +(psk_\S+)$/m.exec(created.stdout)?.[1] ?? '';
    const keyId = /^id: +(key_\S+)$/m.exec(created.stdout)?.[1] ?? '';
    await expect(authenticate(`Bearer ${key}`)).resolves.toEqual({
      accountId,
      keyId,
      scopes: ['pets:read', 'pets:write'],
      rateLimit: null,
      lineageId: keyId,
      kind: 'secret',
    });

    const listed = await petstore(['keys', 'list', '--account', accountId], env);
    expect(listed.stdout).toContain(key.slice(0, 10));
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).toMatch(new RegExp(`^${keyId} .* never +\\S+ +-$`, 'm'));

    const revoked = await petstore(['keys', 'revoke', keyId], env);
    expect(revoked).toMatchObject({ status: 0, stdout: expect.stringContaining(`revoked key ${keyId}`) });
    expect(await json(['keys', 'list', '--account', accountId])).toEqual([
      expect.objectContaining({ id: keyId, revokedAt: expect.stringMatching(/^\d{4}-/) }),
    ]);
    await expect(authenticate(`Bearer ${key}`)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('exits 1 naming an account that does not exist', async () => {
    const run = await petstore(['keys', 'create', '--account', 'acc_nobody'], env);
    expect(run).toMatchObject({ status: 1, stdout: '', stderr: 'petstore: account acc_nobody does not exist\n' });
  });

  it('exits 1 naming a key that does not exist', async () => {
    const run = await petstore(['keys', 'revoke', 'key_nothing', '--json'], env);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stderr)).toEqual({ error: { code: 'not_found', message: 'key key_nothing does not exist' } });
  });
});
