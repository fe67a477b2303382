import { describe, expect, it } from 'vitest';
import { petstore } from './testing/run-petstore.js';
import { mongodbUri, useCliDatabase } from './testing/test-database.js';

// Any character a terminal would act on or hide rather than show (see HIDDEN_CHARACTERS).
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Text as a regular expression matching exactly it. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!mongodbUri)('petstore and names that could lie on a terminal', { timeout: 90_000 }, () => {
  const cli = useCliDatabase({ PETSTORE_ACTOR: 'alice (ops)' });

  it.each([
    ['a newline', 'a\nb', 'U+000A'],
    ['ESC', 'eve\u001b[2J', 'U+001B'],
    ['a right-to-left override', 'shop\u202Etxt.exe', 'U+202E'],
    ['a zero-width space', 'alice\u200B', 'U+200B'],
  ])('refuses an account name with %s, with a clear error and nothing stored', async (_, name, codePoint) => {
    const run = await petstore(['accounts', 'create', '--name', name], cli.env);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`petstore: name: must not contain control or format characters (it has ${codePoint})\n`);
    expect(await cli.database.db.collection('accounts').countDocuments()).toBe(0);
    expect(await cli.database.db.collection('audit_log').countDocuments()).toBe(0);
  });

  it.each([
    ['blank', ''],
    ['a zero-width space', 'alice\u200B'],
    ['bidi isolates', '\u2066alice\u2069'],
  ])('refuses PETSTORE_ACTOR with %s instead of naming someone else, changing nothing', async (_, actor) => {
    const run = await petstore(['accounts', 'create', '--name', 'Acme'], { ...cli.env, PETSTORE_ACTOR: actor });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PETSTORE_ACTOR must');
    expect(await cli.database.db.collection('accounts').countDocuments()).toBe(0);
  });

  it('prints names, ids and actors written straight into the database with their hidden characters escaped', async () => {
    const at = new Date('2026-11-01T00:00:00.000Z');
    const accountId = 'acc_\u001b[2Jx';
    await cli.database.keys.insertAccount({ id: accountId, name: 'old\nname', createdAt: at, suspendedAt: null });
    await cli.database.keys.insertKey({
      id: 'key_\u202Eevil',
      accountId,
      name: 'fake\nrow',
      hash: 'f'.repeat(64),
      prefix: 'psk_\u2028ab',
      scopes: ['pets:read'],
      kind: 'secret',
      origins: [],
      createdBy: null,
      expiresAt: null,
      rateLimit: null,
      lastUsedAt: null,
      replacedBy: null,
      overlapEndsAt: null,
      createdAt: at,
      revokedAt: null,
      rollPending: false,
      lineageId: 'key_\u202Eevil',
    });
    const fakeRow = `x\n${at.toISOString()}  alice  key.revoked  acc_x  key_y  revokedAt`;
    await cli.database.audit.append({
      id: 'aud_1',
      at,
      actor: 'eve\u200B',
      clientAddress: null,
      action: 'account.created',
      accountId,
      keyId: null,
      personId: null,
      changes: { name: { from: null, to: fakeRow } },
    });

    const audit = await petstore(['audit', 'list'], cli.env);
    expect(audit.status, audit.stderr).toBe(0);
    expect(audit.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(audit.stdout).toContain('eve\\u200b');
    expect(audit.stdout).toContain('name "x\\n2026-11-01');
    expect(audit.stdout).toContain('acc_\\u001b[2Jx');

    const keys = await petstore(['keys', 'list', '--account', accountId], cli.env);
    expect(keys.status, keys.stderr).toBe(0);
    expect(keys.stdout).toContain('key_\\u202eevil  "fake\\nrow"  psk_\\u2028ab');

    const json = await petstore(['audit', 'list', '--json'], cli.env);
    expect(JSON.parse(json.stdout)).toMatchObject([{ actor: 'eve\u200B', accountId, changes: { name: { to: fakeRow } } }]);
    expect(`${audit.stdout}${keys.stdout}${json.stdout}`.replace(/\n/g, '')).not.toMatch(HIDDEN);
  });

  it('prints every name as a JSON string, so a name shaped like a record reads as one value, never as a forged record', async () => {
    // Nothing hidden in them, so the service takes them: only quoting keeps them from reading as columns or records.
    const forged = (what: string) => `${what}"}  2026-11-01T00:00:00.000Z  operator:root  account.suspended  acc_x  -  suspendedAt x`;
    const accountName = forged('Acme');
    const keyName = forged('CI');
    const created = await petstore(['accounts', 'create', '--name', accountName], cli.env);
    expect(created.status, created.stderr).toBe(0);
    const accountId = /^created account (acc_\S+) /.exec(created.stdout)?.[1] ?? '';
    expect(created.stdout).toBe(`created account ${accountId} ${JSON.stringify(accountName)}\n`);
    const key = await petstore(['keys', 'create', '--account', accountId, '--name', keyName], cli.env);
    expect(key.stdout).toContain(`\nname:        ${JSON.stringify(keyName)}\n`);
    const keyId = /^id: +(key_\S+)$/m.exec(key.stdout)?.[1] ?? '';

    const lines = async (args: string[]) => {
      const run = await petstore(args, cli.env);
      expect(run.status, run.stderr).toBe(0);
      return run.stdout.trimEnd().split('\n');
    };
    const audit = await lines(['audit', 'list', '--account', accountId]);
    expect(audit).toHaveLength(3);
    expect(audit[1]).toMatch(new RegExp(`  ${keyId}  name ${escaped(JSON.stringify(keyName))}; scopes pets:read,pets:write;`));
    expect(audit[2]?.endsWith(`  name ${JSON.stringify(accountName)}`)).toBe(true);
    expect((await lines(['keys', 'list', '--account', accountId]))[1]).toMatch(new RegExp(`^${keyId}  ${escaped(JSON.stringify(keyName))}  psk_`));
    expect((await lines(['accounts', 'list'])).join('\n')).toContain(`${accountId}  ${JSON.stringify(accountName)}  `);
    expect(await lines(['keys', 'update', keyId, '--rate-limit', '5'])).toEqual([
      expect.stringMatching(new RegExp(`^key ${keyId} \\(psk_\\S+…\\) ${escaped(JSON.stringify(keyName))}: scopes`)),
    ]);
    expect(await lines(['accounts', 'suspend', accountId])).toEqual([
      expect.stringMatching(new RegExp(`^account ${accountId} ${escaped(JSON.stringify(accountName))} is suspended since`)),
    ]);
  });

  it('refuses to update an expired key, as it refuses a revoked one', async () => {
    const created = await petstore(['accounts', 'create', '--name', 'Expiring', '--json'], cli.env);
    const accountId = (JSON.parse(created.stdout) as { id: string }).id;
    const key = await petstore(['keys', 'create', '--account', accountId, '--expires-in', '1s', '--json'], cli.env);
    const keyId = (JSON.parse(key.stdout) as { id: string }).id;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const update = await petstore(['keys', 'update', keyId, '--rate-limit', '5'], cli.env);
    expect(update).toMatchObject({ status: 1, stderr: `petstore: key ${keyId} has expired; create a new key instead\n` });
    expect((await cli.database.keys.getKey(keyId))?.rateLimit).toBeNull();
  });
});
