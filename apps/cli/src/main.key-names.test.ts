import { createAuthenticator } from '@petstore/domain';
import { keyTagsOf } from '@petstore/runtime';
import { describe, expect, it } from 'vitest';
import { petstore } from './testing/run-petstore.js';
import { mongodbUri, useCliDatabase } from './testing/test-database.js';

interface PrintedKey {
  id: string;
  key: string;
  name: string | null;
  prefix: string;
}

describe.skipIf(!mongodbUri)('petstore keys: names and environments', { timeout: 90_000 }, () => {
  const cli = useCliDatabase({ PETSTORE_ACTOR: 'alice (ops)' });

  const json = async <T>(args: string[], moreEnv: Record<string, string> = {}): Promise<T> => {
    const run = await petstore([...args, '--json'], { ...cli.env, ...moreEnv });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };
  const newAccount = async (name: string) => (await json<{ id: string }>(['accounts', 'create', '--name', name])).id;

  it('names a key at creation, lists and audits the name, renames it, and a roll keeps it', async () => {
    const accountId = await newAccount('Named keys');
    const { id, name } = await json<PrintedKey>(['keys', 'create', '--account', accountId, '--name', 'CI deploy']);
    const unnamed = await json<PrintedKey>(['keys', 'create', '--account', accountId]);
    expect([name, unnamed.name]).toEqual(['CI deploy', null]);

    const renamed = await petstore(['keys', 'update', id, '--name', '  Nightly import  '], cli.env);
    expect(renamed).toMatchObject({ status: 0, stdout: expect.stringContaining(`"Nightly import": scopes`) });
    const rolled = await json<PrintedKey>(['keys', 'roll', id]);
    expect(rolled.name).toBe('Nightly import');

    const listed = await petstore(['keys', 'list', '--account', accountId], cli.env);
    expect(listed.stdout).toMatch(/^ID +NAME +PREFIX/);
    expect(listed.stdout).toMatch(new RegExp(`^${id} +"Nightly import" +psk_test_`, 'm'));
    expect(listed.stdout).toMatch(new RegExp(`^${unnamed.id} +- +psk_test_`, 'm'));
    const audit = await json<{ action: string; keyId: string; changes: Record<string, unknown> }[]>(['audit', 'list', '--account', accountId]);
    expect(audit.find((record) => record.action === 'key.created' && record.keyId === id)?.changes).toMatchObject({
      name: { from: null, to: 'CI deploy' },
    });
    expect(audit.find((record) => record.action === 'key.updated')).toMatchObject({
      keyId: id,
      changes: { name: { from: 'CI deploy', to: 'Nightly import' } },
    });
  });

  it.each([
    ['a newline', 'a\nb', 'must not contain control or format characters (it has U+000A)'],
    ['an escape sequence', 'eve\u001b[2J', 'must not contain control or format characters (it has U+001B)'],
    ['101 characters', 'k'.repeat(101), 'must be at most 100 characters'],
    ['nothing but spaces', '   ', 'must not be blank'],
  ])('refuses a key name with %s as a usage error, storing nothing', async (_, name, why) => {
    const accountId = await newAccount('Refused names');
    const run = await petstore(['keys', 'create', '--account', accountId, '--name', name], cli.env);
    expect(run).toMatchObject({ status: 2, stderr: `petstore: name: ${why}\n` });
    expect(await cli.database.keys.listKeys(accountId)).toEqual([]);
  });

  it("issues live keys for a production service and test keys otherwise, each refused by the other's key check", async () => {
    const accountId = await newAccount('Environments');
    const production = { PETSTORE_ENV: 'production', PETSTORE_METRICS_PORT: '9464' };
    const live = await json<PrintedKey>(['keys', 'create', '--account', accountId], production);
    const test = await json<PrintedKey>(['keys', 'create', '--account', accountId], { PETSTORE_ENV: 'staging' });
    expect(live.key).toMatch(/^psk_live_[A-Za-z0-9_-]{59}$/);
    expect(test.key).toMatch(/^psk_test_[A-Za-z0-9_-]{59}$/);
    expect([live.prefix, test.prefix]).toEqual([live.key.slice(0, 15), test.key.slice(0, 15)]);
    const keyTags = await keyTagsOf(undefined, cli.database.keyTagSecrets);
    const liveCheck = createAuthenticator(cli.database.keys, { environment: 'live', keyTags });
    const testCheck = createAuthenticator(cli.database.keys, { environment: 'test', keyTags });
    expect((await liveCheck(`Bearer ${live.key}`)).keyId).toBe(live.id);
    expect((await testCheck(`Bearer ${test.key}`)).keyId).toBe(test.id);
    await expect(testCheck(`Bearer ${live.key}`)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('live key') });
    await expect(liveCheck(`Bearer ${test.key}`)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('test key') });
  });
});
