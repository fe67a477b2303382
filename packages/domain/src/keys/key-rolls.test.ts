import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../auth/authenticate.js';
import { whyKeyRefused } from '../auth/key-validity.js';
import type { RollDecision } from '../auth/ports.js';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { testKeyTags } from '../testing/test-key-tags.js';
import { OPERATOR, operatorOn } from './callers.js';

const NOW = '2026-01-01T00:00:00.000Z';
const HOUR = 3_600_000;

const setup = async () => {
  const { clock, advance } = movableClock(NOW);
  const store = new MapKeyStore();
  const { accounts, keyService, audit } = testAccounts(store, clock);
  const account = await accounts.createAccount('acme');
  const authenticate = createAuthenticator(store, { clock, keyTags: testKeyTags });
  return { store, accounts, keyService, audit, account, advance, check: (key: string) => authenticate(`Bearer ${key}`) };
};

describe('KeyService.rollKey decisions', () => {
  it('keeps the replacement unusable until its roll has won', async () => {
    const { store, keyService, account } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    const seenWhileDeciding: Array<string | undefined> = [];
    const decideRoll = store.decideRoll.bind(store);
    store.decideRoll = async (decision: RollDecision) => {
      const replacement = store.keys.get(decision.replacementId);
      seenWhileDeciding.push(replacement && whyKeyRefused(replacement, new Date(NOW)));
      return decideRoll(decision);
    };
    const { key } = await keyService.rollKey(OPERATOR, old.id);
    expect(seenWhileDeciding).toEqual(['invalid or revoked API key']);
    expect(store.keys.get(key.id)).toMatchObject({ rollPending: false, lineageId: old.id });
  });

  it('records key.rolled once, by the roll that won, and leaves no key of the rolls that lost', async () => {
    const { store, keyService, audit, account } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => keyService.rollKey(OPERATOR, old.id)));
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.key.id] : []));
    expect(won).toHaveLength(1);
    expect([...store.keys.keys()].sort()).toEqual([old.id, ...won].sort());
    expect(audit.records.filter((record) => record.action === 'key.rolled')).toHaveLength(1);
  });

  it('refuses to roll a replacement whose roll never completed, telling the operator what to do', async () => {
    const { store, keyService, account } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    // A roller that died after winning its decision, before making its replacement usable.
    store.activateKey = () => Promise.reject(new Error('the process died'));
    await expect(keyService.rollKey(OPERATOR, old.id)).rejects.toThrow('the process died');
    const pending = [...store.keys.values()].find((key) => key.rollPending);
    expect(pending).toBeDefined();
    await expect(keyService.rollKey(OPERATOR, old.id)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`revoke ${pending?.id}`),
    });
    await keyService.revokeKey(OPERATOR, pending?.id ?? '');
    delete (store as Partial<MapKeyStore>).activateKey;
    await expect(keyService.rollKey(OPERATOR, old.id)).resolves.toMatchObject({ replaced: { id: old.id } });
  });
});

describe('rolling a key again once its replacement was revoked', () => {
  it('issues a new replacement, leaves the old key its earlier end, and records the second roll', async () => {
    const { keyService, audit, account, advance, check } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    const first = await keyService.rollKey(OPERATOR, old.id, { overlapSeconds: 3600 });
    await keyService.revokeKey(OPERATOR, first.key.id);
    await expect(keyService.rollKey(OPERATOR, old.id)).resolves.toBeDefined();
    advance(HOUR - 1);
    const listed = await keyService.listKeys(operatorOn(account.id));
    const second = listed.find((key) => key.id !== old.id && key.id !== first.key.id);
    expect(listed.find((key) => key.id === old.id)).toMatchObject({ replacedBy: second?.id, overlapEndsAt: new Date(Date.parse(NOW) + HOUR) });
    expect((await check(old.key)).keyId).toBe(old.id);
    advance(1);
    await expect(check(old.key)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(check(first.key.key)).rejects.toMatchObject({ code: 'unauthorized' });
    const rolls = audit.records.filter((record) => record.action === 'key.rolled').map((record) => record.changes);
    expect(rolls).toEqual([
      { replacedBy: { from: null, to: first.key.id }, overlapEndsAt: { from: null, to: '2026-01-01T01:00:00.000Z' } },
      { replacedBy: { from: first.key.id, to: second?.id } },
    ]);
  });

  it('still refuses a second roll while the first replacement stands', async () => {
    const { keyService, account } = await setup();
    const old = await keyService.createKey(operatorOn(account.id));
    const first = await keyService.rollKey(OPERATOR, old.id);
    await expect(keyService.rollKey(OPERATOR, old.id)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`replacement is ${first.key.id}`),
    });
  });
});

describe('KeyService.updateKey on a key that no longer works', () => {
  it('refuses an expired key, and a rolled key past its overlap, as a conflict', async () => {
    const { keyService, account, advance } = await setup();
    const expiring = await keyService.createKey(operatorOn(account.id), { expiresAt: new Date(Date.parse(NOW) + 1000).toISOString() });
    const rolled = await keyService.createKey(operatorOn(account.id));
    await keyService.rollKey(OPERATOR, rolled.id, { overlapSeconds: 1 });
    advance(1000);
    await expect(keyService.updateKey(OPERATOR, expiring.id, { rateLimit: 5 })).rejects.toMatchObject({
      code: 'conflict',
      message: `key ${expiring.id} has expired; create a new key instead`,
    });
    await expect(keyService.updateKey(OPERATOR, rolled.id, { rateLimit: 5 })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('overlap has ended'),
    });
  });
});
