import { createAuthenticator, fixedClock, KeyTags, newKeyTagSecret, operatorOn, type SignUpPolicy, UsageService } from '@petstore/domain';
import { MemoryAuditLog, MemoryKeyClaims, MemoryKeyStore, MemoryPeopleStore, MemoryUsageStore } from '@petstore/memory';
import type { Stores as RuntimeStores } from '@petstore/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreCommand } from './args.js';
import { runCommand } from './commands.js';
import { operatorServices } from './operator-services.js';
import { LINK_SHOWN_ONCE_WARNING } from './people-commands.js';
import { capturedOutput } from './testing/captured-output.js';
import { connectTestDatabase, mongodbUri } from './testing/test-database.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const BASE_URL = 'https://petstore.example';
const CONTEXT = { clientAddress: '192.0.2.10', userAgent: 'test' };
const PASSWORD = 'a long and unusual passphrase 42';
/** What this process tags keys under, as a service does. */
const keyTags = new KeyTags([newKeyTagSecret()]);

type Stores = Pick<RuntimeStores, 'keys' | 'people' | 'audit' | 'keyClaims'>;

const STORES: Array<{ name: string; skip: boolean; open: () => Promise<Stores & { close(): Promise<void> }> }> = [
  {
    name: 'embedded store',
    skip: false,
    open: async () => ({
      keys: new MemoryKeyStore(),
      people: new MemoryPeopleStore(),
      audit: new MemoryAuditLog(),
      keyClaims: new MemoryKeyClaims(fixedClock(NOW)),
      close: async () => {},
    }),
  },
  {
    name: 'MongoDB',
    skip: !mongodbUri,
    open: async () => {
      const database = await connectTestDatabase();
      const { keys, people, audit, keyClaims } = database;
      return { keys, people, audit, keyClaims, close: () => database.drop() };
    },
  },
];

for (const store of STORES) {
  describe.skipIf(store.skip)(`the operator's account, people and invitation commands on the ${store.name}`, () => {
    const opened: Array<Stores & { close(): Promise<void> }> = [];
    afterEach(async () => {
      for (const each of opened.splice(0)) await each.close();
    });

    const setup = async (signUpPolicy: SignUpPolicy = 'invite') => {
      const stores = await store.open();
      opened.push(stores);
      const clock = fixedClock(NOW);
      const services = operatorServices({ actor: 'ops@example', publicBaseUrl: BASE_URL, signUpPolicy }, stores, keyTags, clock);
      const { accounts, keys, people } = services;
      const run = async (command: StoreCommand, json = false) => {
        const output = capturedOutput();
        await runCommand(command, { ...services, usage: new UsageService({ store: new MemoryUsageStore(), clock }) }, output, json);
        return output;
      };
      const runJson = async (command: StoreCommand) => {
        const output = await run(command, true);
        expect(output.stdout).toHaveLength(1);
        return { value: JSON.parse(output.stdout[0] ?? '') as Record<string, unknown>, stderr: output.stderr };
      };
      return { stores, accounts, keys, people, run, runJson };
    };
    const tokenOf = (link: string) => /#token=([A-Za-z0-9_-]{43})$/.exec(link)?.[1] ?? '';

    it('lists every account with when it was suspended, as a table or JSON, and says when there is none', async () => {
      const { accounts, run, runJson } = await setup();
      expect((await run({ action: 'list-accounts' })).stdout).toEqual(['no accounts']);
      const shop = await accounts.createAccount('Pet Shop');
      await accounts.suspendAccount(shop.id);
      expect((await run({ action: 'list-accounts' })).stdout).toEqual([
        'ID' + ' '.repeat(shop.id.length - 2) + '  NAME        CREATED            SUSPENDED',
        `${shop.id}  "Pet Shop"  2026-11-22T10:00Z  2026-11-22T10:00Z`,
      ]);
      expect((await runJson({ action: 'list-accounts' })).value).toEqual([
        { id: shop.id, name: 'Pet Shop', createdAt: NOW.toISOString(), suspendedAt: NOW.toISOString() },
      ]);
    });

    it('suspends an account, whose keys are then refused saying so, and resumes it; each in the audit trail under PETSTORE_ACTOR', async () => {
      const { stores, accounts, keys, run } = await setup();
      const shop = await accounts.createAccount('Pet Shop');
      const { key } = await keys.createKey(operatorOn(shop.id));
      const authenticate = createAuthenticator(stores.keys, { clock: fixedClock(NOW), keyTags });
      expect((await run({ action: 'suspend-account', accountId: shop.id })).stdout).toEqual([
        `account ${shop.id} "Pet Shop" is suspended since 2026-11-22T10:00:00.000Z: its keys are refused and its people cannot sign in`,
      ]);
      await expect(authenticate(`Bearer ${key}`)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('suspended') });
      expect((await run({ action: 'resume-account', accountId: shop.id })).stdout).toEqual([
        `account ${shop.id} "Pet Shop" is not suspended: its keys and sign-ins work`,
      ]);
      expect((await authenticate(`Bearer ${key}`)).accountId).toBe(shop.id);
      const trail = await accounts.listAudit({ accountId: shop.id });
      expect(trail.filter((record) => record.action.startsWith('account.')).map(({ actor, action }) => `${actor} ${action}`)).toEqual([
        'ops@example account.resumed',
        'ops@example account.suspended',
        'ops@example account.created',
      ]);
      await expect(run({ action: 'suspend-account', accountId: 'acc_nobody' })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('prints a one-time invitation into an account, with a warning on stderr; the invited address accepts it and is listed as a member', async () => {
      const { accounts, people, run, runJson } = await setup();
      const shop = await accounts.createAccount('Pet Shop');
      const output = await run({ action: 'create-invitation', accountId: shop.id, email: 'Ada@Example.com' });
      expect(output.stderr).toEqual([LINK_SHOWN_ONCE_WARNING]);
      const link = /^link: +(\S+)$/.exec(output.stdout[0] ?? '')?.[1] ?? '';
      expect(link).toMatch(/^https:\/\/petstore\.example\/portal\/accept-invitation#token=[A-Za-z0-9_-]{43}$/);
      expect(output.stdout.slice(1)).toEqual([
        expect.stringMatching(/^invitation: +inv_\S+$/),
        'email:       "ada@example.com"',
        `account:     ${shop.id}`,
        'role:        member',
        'expires:     2026-11-29T10:00:00.000Z',
      ]);
      await people.acceptInvitation({ token: tokenOf(link), email: 'ada@example.com', password: PASSWORD }, CONTEXT);
      const listed = (await runJson({ action: 'list-people', accountId: shop.id })).value as unknown as Array<Record<string, unknown>>;
      expect(listed).toEqual([
        expect.objectContaining({ email: 'ada@example.com', memberships: [expect.objectContaining({ accountId: shop.id, role: 'member' })] }),
      ]);
      expect(JSON.stringify(listed)).not.toMatch(/hash|password/i);
      const table = (await run({ action: 'list-people' })).stdout;
      expect(table[0]).toMatch(/^EMAIL +ID +VERIFIED +ACCOUNT +ROLE +CREATED$/);
      expect(table[1]).toMatch(new RegExp(`^"ada@example\\.com" +per_\\S+ +2026-11-22T10:00Z +${shop.id} +member +2026-11-22T10:00Z$`));
      expect((await run({ action: 'list-people', accountId: 'acc_other' })).stdout).toEqual(['account acc_other has no people']);
    });

    it('invites someone to sign up with an account of their own, which they own, and refuses it when sign-up is closed', async () => {
      const { people, runJson } = await setup();
      const { value, stderr } = await runJson({ action: 'create-invitation', accountId: null, email: 'bo@example.com' });
      expect(stderr).toEqual([LINK_SHOWN_ONCE_WARNING]);
      expect(value).toMatchObject({
        invitation: { accountId: null, email: 'bo@example.com', role: 'owner' },
        link: { link: expect.stringContaining('#token=') },
      });
      const token = tokenOf(String((value['link'] as Record<string, unknown>)['link']));
      const signedIn = await people.acceptInvitation({ token, email: 'bo@example.com', password: PASSWORD, accountName: "Bo's Pets" }, CONTEXT);
      expect(signedIn).toMatchObject({ account: { name: "Bo's Pets" }, membership: { role: 'owner' } });

      const closed = await setup('closed');
      await expect(closed.run({ action: 'create-invitation', accountId: null, email: 'cy@example.com' })).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('PETSTORE_SIGNUP=closed'),
      });
    });

    it('prints a one-time reset link for a person, which sets a new password once, and refuses an unknown address', async () => {
      const { accounts, people, run } = await setup();
      const shop = await accounts.createAccount('Pet Shop');
      const invited = await run({ action: 'create-invitation', accountId: shop.id, email: 'ada@example.com' }, true);
      const invitationLink = String((JSON.parse(invited.stdout[0] ?? '{}') as { link: { link: string } }).link.link);
      await people.acceptInvitation({ token: tokenOf(invitationLink), email: 'ada@example.com', password: PASSWORD }, CONTEXT);

      const output = await run({ action: 'reset-link', email: 'ada@example.com' });
      expect(output.stderr).toEqual([LINK_SHOWN_ONCE_WARNING]);
      expect(output.stdout).toEqual([
        expect.stringMatching(/^link: +https:\/\/petstore\.example\/portal\/reset-password#token=[A-Za-z0-9_-]{43}$/),
        'email:       "ada@example.com"',
        'expires:     2026-11-22T11:00:00.000Z',
      ]);
      const token = tokenOf(/^link: +(\S+)$/.exec(output.stdout[0] ?? '')?.[1] ?? '');
      await people.resetPassword({ token, password: `${PASSWORD} renewed` }, CONTEXT);
      await expect(people.resetPassword({ token, password: `${PASSWORD} again` }, CONTEXT)).rejects.toMatchObject({ code: 'gone' });
      expect((await people.signIn({ email: 'ada@example.com', password: `${PASSWORD} renewed` }, CONTEXT)).person.email).toBe('ada@example.com');
      await expect(run({ action: 'reset-link', email: 'nobody@example.com' })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('shows names stored with hidden characters escaped in the account list', async () => {
      const { stores, run } = await setup();
      await stores.keys.insertAccount({ id: 'acc_hidden', name: 'Pet\u202eShop\u001b[2J', createdAt: NOW, suspendedAt: null });
      const [, row] = (await run({ action: 'list-accounts' })).stdout;
      expect(row).toBe('acc_hidden  "Pet\\u202eShop\\u001b[2J"  2026-11-22T10:00Z  -');
    });
  });
}
