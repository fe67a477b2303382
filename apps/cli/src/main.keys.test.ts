import { userInfo } from 'node:os';
import { createAuthenticator, hashApiKey, LastUseRecorder } from '@petstore/domain';
import { keyTagsOf } from '@petstore/runtime';
import { describe, expect, it } from 'vitest';
import { petstore } from './testing/run-petstore.js';
import { mongodbUri, useCliDatabase } from './testing/test-database.js';

const DAY_MS = 86_400_000;

// Each test runs the built command line several times, a second or more each on a busy machine.
describe.skipIf(!mongodbUri)('petstore keys and audit against the database', { timeout: 90_000 }, () => {
  const cli = useCliDatabase({ PETSTORE_ACTOR: 'alice (ops)' });
  /** Every key the command line printed, to look for in the audit trail. */
  const printedKeys: string[] = [];

  const json = async <T = Record<string, unknown>>(args: string[], moreEnv: Record<string, string | undefined> = {}): Promise<T> => {
    const run = await petstore([...args, '--json'], { ...cli.env, ...moreEnv });
    expect(run.status, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as T;
    const key = (printed as { key?: unknown }).key;
    if (typeof key === 'string') printedKeys.push(key);
    return printed;
  };
  const newAccount = async (name: string) => (await json<{ id: string }>(['accounts', 'create', '--name', name])).id;
  /** The key check of a service on the same database, which tags and checks keys under the secret the database keeps. */
  const serviceCheck = async (options: { lastUse?: LastUseRecorder } = {}) =>
    createAuthenticator(cli.database.keys, { ...options, keyTags: await keyTagsOf(undefined, cli.database.keyTagSecrets) });
  const check = async (key: string) => (await serviceCheck())(`Bearer ${key}`);

  it('gives a consumer a read-only key that expires in 30 days with its own limit, and rolls it without downtime', async () => {
    const accountId = await newAccount('Analytics');
    const before = Date.now();
    const created = await json<{ id: string; key: string; expiresAt: string }>([
      'keys',
      'create',
      '--account',
      accountId,
      '--scopes',
      'pets:read',
      '--expires-in',
      '30d',
      '--rate-limit',
      '1000',
    ]);
    expect(created).toMatchObject({ accountId, scopes: ['pets:read'], rateLimit: 1000, revokedAt: null });
    expect(Date.parse(created.expiresAt) - before).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(await check(created.key)).toEqual({
      accountId,
      keyId: created.id,
      scopes: ['pets:read'],
      rateLimit: 1000,
      lineageId: created.id,
      kind: 'secret',
    });

    const rolled = await json<{ id: string; key: string; replaced: { overlapEndsAt: string } }>(['keys', 'roll', created.id]);
    expect(rolled).toMatchObject({ accountId, scopes: ['pets:read'], rateLimit: 1000, expiresAt: created.expiresAt, replaced: { id: created.id } });
    expect(Date.parse(rolled.replaced.overlapEndsAt) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect((await check(created.key)).keyId, 'the old key works during the overlap').toBe(created.id);
    expect((await check(rolled.key)).keyId).toBe(rolled.id);

    const again = await json<{ id: string; key: string }>(['keys', 'roll', rolled.id, '--overlap', '0']);
    await expect(check(rolled.key), '--overlap 0 ends it now').rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('expired'),
    });
    expect((await check(again.key)).keyId).toBe(again.id);

    const listed = await petstore(['keys', 'list', '--account', accountId], cli.env);
    expect(listed.stdout).toMatch(new RegExp(`^${created.id} .* pets:read +1000 +\\S+ \\(rolled\\) +never`, 'm'));
    expect(listed.stdout).toMatch(new RegExp(`^${again.id} .* pets:read +1000 +${created.expiresAt.slice(0, 16)}Z +never`, 'm'));
  });

  it('issues a browser key for its origins, read-only, that the key check accepts from those origins alone', async () => {
    const accountId = await newAccount('Shop front');
    const created = await json<{ id: string; key: string; kind: string; scopes: string[]; origins: string[] }>([
      'keys',
      'create',
      '--account',
      accountId,
      '--kind',
      'browser',
      '--origin',
      'https://shop.example',
      '--origin',
      'https://www.shop.example',
    ]);
    expect(created).toMatchObject({ kind: 'browser', scopes: ['pets:read'], origins: ['https://shop.example', 'https://www.shop.example'] });
    expect(created.key).toMatch(/^psk_pub_test_/);
    const authenticate = await serviceCheck();
    expect((await authenticate(`Bearer ${created.key}`, { origin: 'https://www.shop.example' })).kind).toBe('browser');
    await expect(authenticate(`Bearer ${created.key}`, { origin: 'https://evil.example' })).rejects.toMatchObject({ code: 'forbidden' });
    const refused = await petstore(
      ['keys', 'create', '--account', accountId, '--kind', 'browser', '--scopes', 'pets:write', '--origin', 'https://shop.example'],
      cli.env,
    );
    // The schema's rule, as at the management API: a 400-like refusal, exit 2.
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('a browser key may only have pets:read');
  });

  it("changes a key's scopes and limit, the key check seeing both", async () => {
    const accountId = await newAccount('Partner');
    const { id, key } = await json<{ id: string; key: string }>(['keys', 'create', '--account', accountId]);
    const updated = await petstore(['keys', 'update', id, '--scopes', 'pets:read', '--rate-limit', '5000'], cli.env);
    expect(updated).toMatchObject({ status: 0, stdout: expect.stringContaining('scopes pets:read, rate limit 5000') });
    expect(await check(key)).toMatchObject({ scopes: ['pets:read'], rateLimit: 5000 });
    await json(['keys', 'update', id, '--rate-limit', 'default']);
    expect(await check(key)).toMatchObject({ scopes: ['pets:read'], rateLimit: null });
  });

  it('shows when each key was last used, to the minute, so unused keys can be found', async () => {
    const accountId = await newAccount('Dormant and busy');
    const busy = await json<{ id: string; key: string }>(['keys', 'create', '--account', accountId]);
    const dormant = await json<{ id: string }>(['keys', 'create', '--account', accountId]);
    const lastUse = new LastUseRecorder({ keys: cli.database.keys, maxKeys: 10 });
    const used = Date.now();
    const authenticate = await serviceCheck({ lastUse });
    for (let n = 0; n < 20; n += 1) await authenticate(`Bearer ${busy.key}`);
    await expect.poll(async () => (await cli.database.keys.getKey(busy.id))?.lastUsedAt).not.toBeNull();

    const listed = await json<Array<{ id: string; lastUsedAt: string | null }>>(['keys', 'list', '--account', accountId]);
    expect(listed.find((key) => key.id === dormant.id)?.lastUsedAt).toBeNull();
    expect(Math.abs(Date.parse(listed.find((key) => key.id === busy.id)?.lastUsedAt ?? '') - used)).toBeLessThan(60_000);
    const text = await petstore(['keys', 'list', '--account', accountId], cli.env);
    expect(text.stdout).toMatch(new RegExp(`^${busy.id} .* \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ +\\S+ +-$`, 'm'));
    expect(text.stdout).toMatch(new RegExp(`^${dormant.id} .* never +\\S+ +-$`, 'm'));
  });

  it('records who did what to which account and key, newest first, with no key or hash anywhere in it', async () => {
    const accountId = await newAccount('Audited');
    const { id } = await json<{ id: string }>(['keys', 'create', '--account', accountId, '--scopes', 'pets:write', '--rate-limit', '10']);
    const since = new Date().toISOString();
    await json(['keys', 'update', id, '--scopes', 'pets:read,pets:write']);
    const rolled = await json<{ id: string }>(['keys', 'roll', id, '--overlap', '1h'], { PETSTORE_ACTOR: undefined });
    await json(['keys', 'revoke', rolled.id]);

    type Record = { at: string; actor: string; action: string; accountId: string; keyId: string | null; changes: object };
    const trail = await json<Record[]>(['audit', 'list', '--account', accountId]);
    expect(trail.map(({ actor, action, keyId, changes }) => ({ actor, action, keyId, changes }))).toEqual([
      { actor: 'alice (ops)', action: 'key.revoked', keyId: rolled.id, changes: { revokedAt: { from: null, to: expect.any(String) } } },
      {
        actor: userInfo().username,
        action: 'key.rolled',
        keyId: id,
        changes: { replacedBy: { from: null, to: rolled.id }, overlapEndsAt: { from: null, to: expect.any(String) } },
      },
      { actor: 'alice (ops)', action: 'key.updated', keyId: id, changes: { scopes: { from: ['pets:write'], to: ['pets:read', 'pets:write'] } } },
      {
        actor: 'alice (ops)',
        action: 'key.created',
        keyId: id,
        changes: {
          name: { from: null, to: null },
          scopes: { from: null, to: ['pets:write'] },
          expiresAt: { from: null, to: null },
          rateLimit: { from: null, to: 10 },
        },
      },
      { actor: 'alice (ops)', action: 'account.created', keyId: null, changes: { name: { from: null, to: 'Audited' } } },
    ]);
    expect(trail.every((record) => record.accountId === accountId)).toBe(true);
    expect((await json<Record[]>(['audit', 'list', '--account', accountId, '--since', since])).map((record) => record.action)).toEqual([
      'key.revoked',
      'key.rolled',
      'key.updated',
    ]);
    const text = await petstore(['audit', 'list', '--account', accountId], cli.env);
    expect(text.stdout).toMatch(new RegExp(`alice \\(ops\\) +key.updated +${accountId} +${id} +scopes pets:write -> pets:read,pets:write$`, 'm'));

    const everyRecord = JSON.stringify(await cli.database.db.collection('audit_log').find({}).toArray());
    expect(printedKeys.length).toBeGreaterThan(5);
    for (const key of printedKeys) {
      expect(everyRecord).not.toContain(key);
      expect(everyRecord).not.toContain(hashApiKey(key));
    }
  });

  it('exits 1 naming the reason for a key already rolled, or revoked', async () => {
    const accountId = await newAccount('Refusals');
    const { id } = await json<{ id: string }>(['keys', 'create', '--account', accountId]);
    const rolled = await json<{ id: string }>(['keys', 'roll', id]);
    expect(await petstore(['keys', 'roll', id], cli.env)).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `petstore: key ${id} was already rolled; its replacement is ${rolled.id} (revoke ${rolled.id} to roll ${id} again)\n`,
    });
    await json(['keys', 'revoke', rolled.id]);
    expect(await petstore(['keys', 'update', rolled.id, '--rate-limit', '5'], cli.env)).toMatchObject({
      status: 1,
      stderr: `petstore: key ${rolled.id} is revoked\n`,
    });
    expect(await petstore(['audit', 'list', '--account', 'acc_nobody'], cli.env)).toMatchObject({
      status: 1,
      stderr: 'petstore: account acc_nobody does not exist\n',
    });
  });

  it('reports a bad value as one JSON document with --json, exit 2', async () => {
    const run = await petstore(['keys', 'create', '--account', 'acc_x', '--rate-limit', '0', '--json'], cli.env);
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(JSON.parse(run.stderr)).toEqual({ error: { code: 'usage', message: '--rate-limit must be a whole number from 1 to 10000000' } });
  });

  it.each([
    [['keys', 'create', '--account', 'acc_x', '--scopes', 'pets:read,pets:delete'], '--scopes: unknown scope "pets:delete"'],
    [['keys', 'update', 'key_x', '--scopes', ''], '--scopes needs at least one of pets:read, pets:write'],
    [['keys', 'create', '--account', 'acc_x', '--expires-at', '2020-01-01T00:00:00Z'], '--expires-at must be in the future'],
    [['keys', 'create', '--account', 'acc_x', '--expires-at', '1 January 2027'], '--expires-at must be an ISO 8601 instant'],
    [['keys', 'create', '--account', 'acc_x', '--expires-in', '30'], '--expires-in must be a duration such as 30d'],
    [['keys', 'create', '--account', 'acc_x', '--rate-limit', '0'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'create', '--account', 'acc_x', '--rate-limit', 'many'], '--rate-limit must be a whole number from 1 to 10000000'],
    [['keys', 'update', 'key_x', '--rate-limit', '0'], '--rate-limit must be a whole number from 1 to 10000000, or default'],
    [['keys', 'roll', 'key_x', '--overlap', '1 day'], '--overlap must be a non-negative duration such as 30d'],
    [['keys', 'roll', 'key_x', '--overlap', '-1'], '--overlap must be a non-negative duration such as 30d'],
    [['keys', 'roll', 'key_x', '--overlap', ' 1h'], '--overlap must be a non-negative duration such as 30d'],
    [['audit', 'list', '--since', 'last week'], '--since must be an ISO 8601 instant'],
  ])('exits 2 for the bad value in %j with one line naming the option, changing nothing', async (args, message) => {
    const before = await cli.database.db.collection('audit_log').countDocuments();
    const run = await petstore(args, cli.env);
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(new RegExp(`^petstore: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)), '']);
    expect(await cli.database.db.collection('audit_log').countDocuments()).toBe(before);
  });
});
