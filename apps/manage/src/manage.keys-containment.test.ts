import { MAX_ROLL_OVERLAP_SECONDS, OPERATOR, operatorOn } from '@petstore/domain';
import type { Runtime } from '@petstore/runtime';
import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bySession, byKey, issuedKey, signedUpOwner, type Send } from './testing/management-callers.js';
import { petstoreCommand } from './testing/operator.js';
import { startManage, STORES } from './testing/start-manage.js';

/** The account's ceiling for a key's own limit: the service's PETSTORE_RATE_LIMIT. */
const ACCOUNT_RATE_LIMIT = 1000;
/** The bounded management key's own limit, and how long it lives: what it may give no key beyond. */
const BOUNDED_RATE_LIMIT = 100;
const HOUR_MS = 60 * 60 * 1000;
/** An instant `ms` from now, as the body of a request made now names it. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

type CallerName = 'owner' | 'other account' | 'keys:manage key' | 'bounded keys:manage key' | 'keys:read key' | 'pets:write key' | 'operator';
/**
 * Whose key a row acts on: a fresh pet key of the account (that never expires, at the account's
 * limit), a fresh bounded pet key (expiring within the bounded management key's life, slower than
 * it), a management key (the key caller itself), another account's key.
 */
type Target = 'pet key' | 'bounded pet key' | 'management key' | 'bounded management key' | "other account's key" | '—';
type OperationName = keyof typeof REQUESTS;

/** Each row's request, given the target key's id. */
const REQUESTS = {
  getAccount: () => ['GET', '/account'],
  listKeys: () => ['GET', '/keys'],
  getKey: (id: string) => ['GET', `/keys/${id}`],
  'updateKey name': (id: string) => ['PATCH', `/keys/${id}`, { name: 'renamed' }],
  'updateKey +keys:manage': (id: string) => ['PATCH', `/keys/${id}`, { scopes: ['pets:read', 'keys:manage'] }],
  'updateKey +pets:write': (id: string) => ['PATCH', `/keys/${id}`, { scopes: ['pets:read', 'pets:write'] }],
  'updateKey rateLimit above the bounded key': (id: string) => ['PATCH', `/keys/${id}`, { rateLimit: BOUNDED_RATE_LIMIT + 1 }],
  rollKey: (id: string) => ['POST', `/keys/${id}/roll`, { overlapSeconds: 60 }],
  'rollKey overlap at the bound': (id: string) => ['POST', `/keys/${id}/roll`, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS }],
  'rollKey overlap above the bound': (id: string) => ['POST', `/keys/${id}/roll`, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS + 1 }],
  'rollKey overlap of 99999999 s': (id: string) => ['POST', `/keys/${id}/roll`, { overlapSeconds: 99_999_999 }],
  revokeKey: (id: string) => ['POST', `/keys/${id}/revoke`],
  'createKey pets:read': () => ['POST', '/keys', { name: 'made', scopes: ['pets:read'] }],
  'createKey pets:write': () => ['POST', '/keys', { name: 'made', scopes: ['pets:write'] }],
  'createKey above the account limit': () => ['POST', '/keys', { name: 'fast', scopes: ['pets:read'], rateLimit: ACCOUNT_RATE_LIMIT * 5 }],
  'createKey keys:manage at the account limit, never expiring': () => [
    'POST',
    '/keys',
    { name: 'forever', scopes: ['keys:manage'], rateLimit: ACCOUNT_RATE_LIMIT },
  ],
  'createKey within the bounded key': () => [
    'POST',
    '/keys',
    { name: 'made', scopes: ['pets:read'], expiresAt: fromNow(HOUR_MS / 2), rateLimit: BOUNDED_RATE_LIMIT },
  ],
  'createKey expiring after the bounded key': () => [
    'POST',
    '/keys',
    { name: 'made', scopes: ['pets:read'], expiresAt: fromNow(2 * HOUR_MS), rateLimit: BOUNDED_RATE_LIMIT },
  ],
  'createKey faster than the bounded key': () => [
    'POST',
    '/keys',
    { name: 'made', scopes: ['pets:read'], expiresAt: fromNow(HOUR_MS / 2), rateLimit: BOUNDED_RATE_LIMIT + 1 },
  ],
  "createKey with the service's limit": () => ['POST', '/keys', { name: 'made', scopes: ['pets:read'], expiresAt: fromNow(HOUR_MS / 2) }],
  listAuditRecords: () => ['GET', '/audit-records'],
} satisfies Record<string, (id: string) => [string, string, unknown?]>;

/**
 * Containment, as one table: caller × operation × target → status. The callers are of account A
 * (its owner's session, and three of its keys: keys:manage with pets:read, keys:read, pets:write),
 * the owner of account B, and the operator (`petstore keys …`, acting on any account: 200
 * meaning it did it). Another account's key is 404 to every HTTP caller that may make the call.
 */
const TABLE: Array<[CallerName, OperationName, Target, number]> = [
  ['owner', 'getAccount', '—', 200],
  ['owner', 'listKeys', '—', 200],
  ['owner', 'getKey', 'pet key', 200],
  ['owner', 'getKey', "other account's key", 404],
  ['owner', 'updateKey name', 'management key', 200],
  ['owner', 'updateKey +pets:write', 'pet key', 200],
  ['owner', 'updateKey name', "other account's key", 404],
  ['owner', 'rollKey', 'pet key', 200],
  ['owner', 'rollKey', "other account's key", 404],
  ['owner', 'revokeKey', 'pet key', 200],
  ['owner', 'revokeKey', "other account's key", 404],
  ['owner', 'createKey pets:write', '—', 201],
  ['owner', 'createKey above the account limit', '—', 403],
  ['owner', 'createKey keys:manage at the account limit, never expiring', '—', 201],
  ['owner', 'createKey expiring after the bounded key', '—', 201],
  ['owner', "createKey with the service's limit", '—', 201],
  ['owner', 'updateKey rateLimit above the bounded key', 'bounded pet key', 200],
  ['owner', 'rollKey overlap at the bound', 'pet key', 200],
  ['owner', 'rollKey overlap above the bound', 'pet key', 400],
  ['owner', 'rollKey overlap of 99999999 s', 'pet key', 400],
  ['owner', 'listAuditRecords', '—', 200],

  ['other account', 'getKey', 'pet key', 404],
  ['other account', 'getKey', 'management key', 404],
  ['other account', 'updateKey name', 'pet key', 404],
  ['other account', 'rollKey', 'pet key', 404],
  ['other account', 'revokeKey', 'pet key', 404],
  ['other account', 'getKey', "other account's key", 200],

  ['keys:manage key', 'getAccount', '—', 200],
  ['keys:manage key', 'listKeys', '—', 200],
  ['keys:manage key', 'getKey', 'pet key', 200],
  ['keys:manage key', 'getKey', "other account's key", 404],
  ['keys:manage key', 'updateKey name', 'pet key', 200],
  ['keys:manage key', 'updateKey +keys:manage', 'pet key', 200],
  ['keys:manage key', 'updateKey +pets:write', 'pet key', 403],
  ['keys:manage key', 'updateKey name', 'management key', 200],
  ['keys:manage key', 'updateKey +pets:write', 'management key', 403],
  ['keys:manage key', 'updateKey +keys:manage', 'management key', 403],
  ['keys:manage key', 'updateKey name', "other account's key", 404],
  ['keys:manage key', 'rollKey', 'pet key', 200],
  ['keys:manage key', 'rollKey', "other account's key", 404],
  ['keys:manage key', 'revokeKey', 'pet key', 200],
  ['keys:manage key', 'revokeKey', "other account's key", 404],
  ['keys:manage key', 'createKey pets:read', '—', 201],
  ['keys:manage key', 'createKey pets:write', '—', 403],
  ['keys:manage key', 'createKey above the account limit', '—', 403],
  ['keys:manage key', 'createKey expiring after the bounded key', '—', 201],
  ['keys:manage key', 'rollKey overlap above the bound', 'pet key', 400],
  ['keys:manage key', 'rollKey overlap of 99999999 s', 'management key', 400],
  ['keys:manage key', 'listAuditRecords', '—', 200],

  // A management key that expires in an hour with a limit of its own: it makes no key that outlives or outruns it.
  ['bounded keys:manage key', 'createKey within the bounded key', '—', 201],
  ['bounded keys:manage key', 'createKey pets:read', '—', 403],
  ['bounded keys:manage key', 'createKey keys:manage at the account limit, never expiring', '—', 403],
  ['bounded keys:manage key', 'createKey expiring after the bounded key', '—', 403],
  ['bounded keys:manage key', 'createKey faster than the bounded key', '—', 403],
  ['bounded keys:manage key', "createKey with the service's limit", '—', 403],
  ['bounded keys:manage key', 'updateKey name', 'bounded pet key', 200],
  ['bounded keys:manage key', 'updateKey +keys:manage', 'bounded pet key', 200],
  ['bounded keys:manage key', 'updateKey rateLimit above the bounded key', 'bounded pet key', 403],
  ['bounded keys:manage key', 'updateKey name', 'pet key', 403],
  ['bounded keys:manage key', 'updateKey name', 'bounded management key', 200],
  ['bounded keys:manage key', 'rollKey', 'bounded pet key', 200],
  ['bounded keys:manage key', 'rollKey overlap at the bound', 'bounded pet key', 200],
  ['bounded keys:manage key', 'rollKey', 'pet key', 403],
  ['bounded keys:manage key', 'rollKey overlap above the bound', 'bounded pet key', 400],
  ['bounded keys:manage key', 'rollKey overlap of 99999999 s', 'bounded management key', 400],
  ['bounded keys:manage key', 'revokeKey', 'pet key', 200],

  ['keys:read key', 'getAccount', '—', 200],
  ['keys:read key', 'listKeys', '—', 200],
  ['keys:read key', 'getKey', 'pet key', 200],
  ['keys:read key', 'getKey', "other account's key", 404],
  ['keys:read key', 'updateKey name', 'pet key', 403],
  ['keys:read key', 'rollKey', 'pet key', 403],
  ['keys:read key', 'revokeKey', 'pet key', 403],
  ['keys:read key', 'createKey pets:read', '—', 403],
  ['keys:read key', 'listAuditRecords', '—', 200],

  ['pets:write key', 'getAccount', '—', 403],
  ['pets:write key', 'listKeys', '—', 403],
  ['pets:write key', 'getKey', 'pet key', 403],
  ['pets:write key', 'updateKey name', 'pet key', 403],
  ['pets:write key', 'rollKey', 'pet key', 403],
  ['pets:write key', 'revokeKey', 'pet key', 403],
  ['pets:write key', 'createKey pets:read', '—', 403],
  ['pets:write key', 'listAuditRecords', '—', 403],

  ['operator', 'listKeys', '—', 200],
  ['operator', 'updateKey +pets:write', 'pet key', 200],
  ['operator', 'updateKey +keys:manage', "other account's key", 200],
  ['operator', 'rollKey', "other account's key", 200],
  ['operator', 'revokeKey', 'pet key', 200],
  ['operator', 'createKey pets:write', '—', 200],
  ['operator', 'createKey above the account limit', '—', 200],
  ['operator', 'rollKey overlap at the bound', 'pet key', 200],
  ['operator', 'rollKey overlap above the bound', 'pet key', 400],
  ['operator', 'listAuditRecords', '—', 200],
];

/**
 * The operator's rows: `petstore keys …` itself on MongoDB, run against the service's database; on
 * the embedded store, which no second process can reach, the key service those commands call, as the operator.
 */
const OPERATOR_ROWS: Partial<
  Record<
    OperationName,
    {
      command: (account: string, key: string) => string[];
      service: (keys: Runtime['keys'], account: string, key: string, runtime: Runtime) => Promise<unknown>;
    }
  >
> = {
  listKeys: { command: (account) => ['keys', 'list', '--account', account], service: (keys, account) => keys.listKeys(operatorOn(account)) },
  'updateKey +pets:write': {
    command: (_, key) => ['keys', 'update', key, '--scopes', 'pets:read,pets:write'],
    service: (keys, _, key) => keys.updateKey(OPERATOR, key, { scopes: ['pets:read', 'pets:write'] }),
  },
  'updateKey +keys:manage': {
    command: (_, key) => ['keys', 'update', key, '--scopes', 'pets:read,keys:manage'],
    service: (keys, _, key) => keys.updateKey(OPERATOR, key, { scopes: ['pets:read', 'keys:manage'] }),
  },
  rollKey: { command: (_, key) => ['keys', 'roll', key], service: (keys, _, key) => keys.rollKey(OPERATOR, key) },
  'rollKey overlap at the bound': {
    command: (_, key) => ['keys', 'roll', key, '--overlap', `${MAX_ROLL_OVERLAP_SECONDS}s`],
    service: (keys, _, key) => keys.rollKey(OPERATOR, key, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS }),
  },
  'rollKey overlap above the bound': {
    command: (_, key) => ['keys', 'roll', key, '--overlap', `${MAX_ROLL_OVERLAP_SECONDS + 1}s`],
    service: (keys, _, key) => keys.rollKey(OPERATOR, key, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS + 1 }),
  },
  revokeKey: { command: (_, key) => ['keys', 'revoke', key], service: (keys, _, key) => keys.revokeKey(OPERATOR, key) },
  'createKey pets:write': {
    command: (account) => ['keys', 'create', '--account', account, '--scopes', 'pets:write'],
    service: (keys, account) => keys.createKey(operatorOn(account), { scopes: ['pets:write'] }),
  },
  'createKey above the account limit': {
    command: (account) => ['keys', 'create', '--account', account, '--scopes', 'pets:read', '--rate-limit', String(ACCOUNT_RATE_LIMIT * 5)],
    service: (keys, account) => keys.createKey(operatorOn(account), { scopes: ['pets:read'], rateLimit: ACCOUNT_RATE_LIMIT * 5 }),
  },
  listAuditRecords: {
    command: (account) => ['audit', 'list', '--account', account],
    service: (_, account, __, runtime) => runtime.accounts.listAudit({ accountId: account }),
  },
};

describe.each(STORES)('who may do what with which key at the management API, on the $name', ({ uri }) => {
  let service: RunningService;
  let accountId: string;
  let otherAccountId: string;
  let owner: Send;
  let managementKeyId: string;
  let boundedKeyId: string;
  let boundedKeyExpiry: string;
  const callers = new Map<Exclude<CallerName, 'operator'>, Send>();
  /** Another account's key, made afresh for each row that may change it. */
  let foreignKey: () => Promise<string>;
  /** A pet key of account A, made afresh for each row. */
  let petKey: () => Promise<string>;
  /** A pet key of account A within the bounded management key's life and pace, made afresh for each row. */
  let boundedPetKey: () => Promise<string>;

  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, env: { PETSTORE_RATE_LIMIT: String(ACCOUNT_RATE_LIMIT) } });
    const a = await signedUpOwner(service.baseUrl, 'Account A');
    const b = await signedUpOwner(service.baseUrl, 'Account B');
    accountId = a.accountId;
    otherAccountId = b.accountId;
    owner = bySession(a.browser);
    const other = bySession(b.browser);
    const management = await issuedKey(owner, { name: 'automation', scopes: ['keys:manage', 'pets:read'] });
    managementKeyId = management.id;
    callers.set('owner', owner);
    callers.set('other account', other);
    callers.set('keys:manage key', byKey(service.baseUrl, management.key));
    boundedKeyExpiry = fromNow(HOUR_MS);
    const bounded = await issuedKey(owner, {
      name: 'bounded automation',
      scopes: ['keys:manage', 'pets:read'],
      expiresAt: boundedKeyExpiry,
      rateLimit: BOUNDED_RATE_LIMIT,
    });
    boundedKeyId = bounded.id;
    callers.set('bounded keys:manage key', byKey(service.baseUrl, bounded.key));
    callers.set('keys:read key', byKey(service.baseUrl, (await issuedKey(owner, { name: 'auditor', scopes: ['keys:read'] })).key));
    callers.set('pets:write key', byKey(service.baseUrl, (await issuedKey(owner, { name: 'shop', scopes: ['pets:write'] })).key));
    petKey = async () => (await issuedKey(owner, { name: 'pets', scopes: ['pets:read'] })).id;
    boundedPetKey = async () =>
      (await issuedKey(owner, { name: 'brief pets', scopes: ['pets:read'], expiresAt: fromNow(HOUR_MS / 2), rateLimit: BOUNDED_RATE_LIMIT / 2 })).id;
    foreignKey = async () => (await issuedKey(other, { name: 'theirs', scopes: ['pets:read'] })).id;
  });
  afterAll(async () => {
    await service?.close();
  });

  const targetOf = async (target: Target): Promise<string> => {
    switch (target) {
      case 'pet key':
        return petKey();
      case 'bounded pet key':
        return boundedPetKey();
      case 'management key':
        return managementKeyId;
      case 'bounded management key':
        return boundedKeyId;
      case "other account's key":
        return foreignKey();
      case '—':
        return '';
    }
  };

  it.each(TABLE)('%s · %s · %s → %i', async (caller, operation, target, status) => {
    const id = await targetOf(target);
    if (caller === 'operator') {
      const row = OPERATOR_ROWS[operation];
      if (row === undefined) throw new Error(`no operator row for ${operation}`);
      const done = uri ? petstoreCommand(service, row.command(accountId, id)) : row.service(service.runtime.keys, accountId, id, service.runtime);
      if (status >= 400) {
        await expect(done).rejects.toThrow(/overlap/);
        return;
      }
      // What it printed is of the account it acted on: the service's own database, not another.
      expect(JSON.stringify(await done)).toContain(target === "other account's key" ? otherAccountId : accountId);
      return;
    }
    const [method, path, body] = REQUESTS[operation](id) as [string, string, unknown?];
    const send = callers.get(caller);
    if (send === undefined) throw new Error(`no caller ${caller}`);
    const answer = await send(method, path, body);
    expect(answer.status, answer.text).toBe(status);
    if (status >= 400) expect(answer.body).toMatchObject({ status, code: expect.any(String), message: expect.any(String) });
    // Whatever an HTTP caller is answered about, it is of its own account.
    if (status < 300 && caller !== 'other account') expect(answer.text).not.toContain(otherAccountId);
    if (caller === 'other account') expect(answer.text).not.toContain(accountId);
  });

  it("tells a bounded key the latest expiry and the highest limit it may give, and a roll's old key stops at its own expiry", async () => {
    const bounded = callers.get('bounded keys:manage key');
    if (bounded === undefined) throw new Error('no bounded key');
    const forever = await bounded('POST', '/keys', { name: 'forever', scopes: ['pets:read'], rateLimit: BOUNDED_RATE_LIMIT });
    expect(forever.body).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: expect.stringContaining(`the latest expiry it may give is ${boundedKeyExpiry}`),
    });
    const fast = await bounded('POST', '/keys', { name: 'fast', scopes: ['pets:read'], expiresAt: fromNow(HOUR_MS / 2) });
    expect(fast.body).toMatchObject({ status: 403, code: 'forbidden', message: expect.stringContaining(`at most ${BOUNDED_RATE_LIMIT}`) });
    // An overlap past the caller's own end gives the old key nothing: it stops at its expiry, within the caller's life.
    const rolled = await bounded('POST', `/keys/${await boundedPetKey()}/roll`, { overlapSeconds: MAX_ROLL_OVERLAP_SECONDS });
    expect(rolled.status, rolled.text).toBe(200);
    const { replaced } = rolled.body as { replaced: { state: string; until: string; expiresAt: string } };
    expect(replaced).toMatchObject({ state: 'rolled', until: replaced.expiresAt });
    expect(Date.parse(replaced.until)).toBeLessThan(Date.parse(boundedKeyExpiry));
  });

  it('lists to each caller the keys of its own account only', async () => {
    for (const [caller, send] of callers) {
      if (caller === 'pets:write key') continue;
      const { body } = await send('GET', '/keys');
      const owners = new Set((body as { keys: Array<{ accountId: string }> }).keys.map((key) => key.accountId));
      expect([...owners], caller).toEqual([caller === 'other account' ? otherAccountId : accountId]);
    }
  });
});
