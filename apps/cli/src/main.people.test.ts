import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SHOWN_ONCE_WARNING } from './people-commands.js';
import { petstore } from './testing/run-petstore.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

describe('petstore accounts, people and invites commands', () => {
  it.each([
    ['people', ['petstore people list [--account <accountId>]', 'petstore people reset-link <email>'], 'petstore invites'],
    ['invites', ['petstore invites create --email <email> [--account <accountId> [--role member|owner]]'], 'petstore people'],
    ['accounts', ['petstore accounts list', 'petstore accounts suspend <accountId>', 'petstore accounts resume <accountId>'], 'petstore people'],
  ])('lists the commands of the group %s given alone, on stderr with exit 2', async (group, listed, absent) => {
    const run = await petstore([group]);
    expect(run).toMatchObject({ status: 2, stdout: '' });
    for (const line of listed) expect(run.stderr).toContain(line);
    expect(run.stderr).not.toContain(absent);
  });

  it.each([
    [['invites', 'create', '--account', 'acc_1'], '"invites create" needs --email <email>'],
    [['invites', 'create', '--email', 'ada@example.com', '--role', 'owner'], '--role needs --account'],
    [['invites', 'create', '--email', 'ada@example.com', '--account', 'acc_1', '--role', 'boss'], '--role must be owner or member'],
    [['people', 'reset-link'], '"people reset-link" needs <email>'],
    [['accounts', 'suspend'], '"accounts suspend" needs <accountId>'],
    [['accounts', 'list', '--account', 'acc_1'], '"accounts list" does not take --account'],
  ])('refuses %j with exit 2 before reaching the database', async (args, message) => {
    const run = await petstore(args, { MONGODB_URI: 'mongodb://127.0.0.1:1/' });
    expect(run).toMatchObject({ status: 2, stdout: '', stderr: expect.stringContaining(message) });
  });

  it.each([
    ['invites', 'create', '--email', 'ada@example.com'],
    ['people', 'reset-link', 'ada@example.com'],
  ])('refuses to print a link without PUBLIC_BASE_URL, exit 2, before reaching the database', async (...args) => {
    const run = await petstore(args, { MONGODB_URI: 'mongodb://127.0.0.1:1/', PUBLIC_BASE_URL: '' });
    expect(run).toMatchObject({ status: 2, stdout: '', stderr: expect.stringContaining('PUBLIC_BASE_URL is not set') });
  });
});

describe.skipIf(!mongodbUri)('petstore accounts, people and invites commands against the database', () => {
  let database: Awaited<ReturnType<typeof connectTestDatabase>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await connectTestDatabase();
    env = {
      MONGODB_URI: mongodbUri ?? '',
      MONGODB_DB: database.db.databaseName,
      PETSTORE_ACTOR: 'night-ops',
      PUBLIC_BASE_URL: 'https://petstore.example',
    };
  });
  afterAll(async () => {
    await database.drop();
  });

  const json = async (args: string[], extra: Record<string, string> = {}): Promise<Record<string, unknown>> => {
    const run = await petstore([...args, '--json'], { ...env, ...extra });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Record<string, unknown>;
  };

  it('suspends and resumes an account, lists it, and names PETSTORE_ACTOR in the audit trail', async () => {
    const accountId = String((await json(['accounts', 'create', '--name', 'Night Shop']))['id']);
    const suspended = await petstore(['accounts', 'suspend', accountId], env);
    expect(suspended).toMatchObject({ status: 0, stdout: expect.stringContaining(`account ${accountId} "Night Shop" is suspended since`) });
    expect(await json(['accounts', 'list'])).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: accountId, suspendedAt: expect.stringMatching(/^\d{4}-/) })]),
    );
    expect(await json(['accounts', 'resume', accountId])).toMatchObject({ id: accountId, suspendedAt: null });
    const trail = (await json(['audit', 'list', '--account', accountId])) as unknown as Array<{ actor: string; action: string }>;
    expect(trail.map(({ actor, action }) => `${actor} ${action}`)).toEqual([
      'night-ops account.resumed',
      'night-ops account.suspended',
      'night-ops account.created',
    ]);
    expect(await petstore(['accounts', 'resume', 'acc_nobody'], env)).toMatchObject({
      status: 1,
      stderr: 'petstore: account acc_nobody does not exist\n',
    });
  });

  it('prints an invitation link on stdout and the warning on stderr, refuses one to sign up when sign-up is closed, and finds no one to reset', async () => {
    const accountId = String((await json(['accounts', 'create', '--name', 'Invite Shop']))['id']);
    const run = await petstore(['invites', 'create', '--account', accountId, '--email', 'ada@example.com', '--role', 'owner'], env);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe(`${LINK_SHOWN_ONCE_WARNING}\n`);
    expect(run.stdout).toMatch(/^link: +https:\/\/petstore\.example\/portal\/accept-invitation#token=[A-Za-z0-9_-]{43}\n/);
    expect(run.stdout).toContain('role:        owner');
    expect(await database.people.listInvitations(accountId)).toEqual([expect.objectContaining({ email: 'ada@example.com', role: 'owner' })]);

    const closed = await petstore(['invites', 'create', '--email', 'bo@example.com', '--json'], { ...env, PETSTORE_SIGNUP: 'closed' });
    expect(closed.status).toBe(1);
    expect(JSON.parse(closed.stderr)).toMatchObject({ error: { code: 'forbidden', message: expect.stringContaining('sign-up is closed') } });

    const unknown = await petstore(['people', 'reset-link', 'nobody@example.com'], env);
    expect(unknown).toMatchObject({
      status: 1,
      stdout: '',
      stderr: expect.stringContaining('nobody in an account has the email address nobody@example.com'),
    });
    expect(await json(['people', 'list', '--account', accountId])).toEqual([]);
  });
});
