import { MAX_ROLL_OVERLAP_SECONDS } from '@petstore/domain';
import type { RunningService } from '@petstore/service-kit';
import {
  ACCOUNT_RATE_LIMIT,
  BOUNDED_RATE_LIMIT,
  HOUR_MS,
  KEY_CONTAINMENT_TABLE,
  type ContainmentCaller,
  type ContainmentTarget,
  type KeyOperation,
} from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bySession, byKey, issuedKey, signedUpOwner, type Send } from './testing/management-callers.js';
import { startManage, STORES } from './testing/start-manage.js';

/** An instant `ms` from now, as the body of a request made now names it. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

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
} satisfies Record<KeyOperation, (id: string) => [string, string, unknown?]>;

describe.each(STORES)('who may do what with which key at the management API, on the $name', ({ uri }) => {
  let service: RunningService;
  let accountId: string;
  let otherAccountId: string;
  let owner: Send;
  let managementKeyId: string;
  let boundedKeyId: string;
  let boundedKeyExpiry: string;
  const callers = new Map<ContainmentCaller, Send>();
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

  const targetOf = async (target: ContainmentTarget): Promise<string> => {
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

  // The operator's rows are run through the command line, by apps/cli's main.keys-containment.test.ts.
  it.each(KEY_CONTAINMENT_TABLE.filter(([caller]) => caller !== 'operator'))('%s · %s · %s → %i', async (caller, operation, target, status) => {
    const id = await targetOf(target);
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
