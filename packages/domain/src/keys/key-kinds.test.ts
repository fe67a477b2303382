import { describe, expect, it } from 'vitest';
import { FROM, testKeyManagement } from '../testing/test-key-management.js';

const SHOP = 'https://shop.example';

const setup = async () => {
  const kit = testKeyManagement();
  const accountId = await kit.account();
  return { ...kit, accountId, owner: await kit.person(accountId) };
};

describe('browser and secret keys', () => {
  it('makes a browser key holding pets:read for its origins, each once, and records its kind and origins', async () => {
    const { management, owner, audit } = await setup();
    const key = await management.createKey(owner, { name: 'shop', kind: 'browser', origins: [SHOP, 'https://www.shop.example:8443', SHOP] }, FROM);
    expect(key).toMatchObject({ kind: 'browser', scopes: ['pets:read'], origins: [SHOP, 'https://www.shop.example:8443'] });
    expect(audit.records.at(-1)?.changes).toMatchObject({
      kind: { from: null, to: 'browser' },
      origins: { from: null, to: [SHOP, 'https://www.shop.example:8443'] },
    });
  });

  it('records a secret key’s creation as before kinds existed', async () => {
    const { management, owner, audit } = await setup();
    await management.createKey(owner, { name: 'server' }, FROM);
    expect(Object.keys(audit.records.at(-1)?.changes ?? {}).sort()).toEqual(['expiresAt', 'name', 'rateLimit', 'scopes']);
  });

  it.each([
    ['no origins', { kind: 'browser' }, 'invalid_request', 'origins: a browser key needs'],
    ['an empty list of origins', { kind: 'browser', origins: [] }, 'invalid_request', 'origins: a browser key needs at least one origin'],
    ['21 origins', { kind: 'browser', origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) }, 'invalid_request', 'origins'],
    ['an origin with a path', { kind: 'browser', origins: ['https://shop.example/app'] }, 'invalid_request', 'origins.0'],
    ['an http origin other than localhost', { kind: 'browser', origins: ['http://shop.example'] }, 'invalid_request', 'origins.0'],
    ['pets:write', { kind: 'browser', origins: [SHOP], scopes: ['pets:read', 'pets:write'] }, 'invalid_request', 'may only have pets:read'],
    ['a management scope', { kind: 'browser', origins: [SHOP], scopes: ['keys:read'] }, 'invalid_request', 'may only have pets:read'],
    ['a secret key with origins', { origins: [SHOP] }, 'invalid_request', 'unknown field "origins"'],
    ['a secret key with no origins given as a list', { kind: 'secret', origins: [] }, 'invalid_request', 'unknown field "origins"'],
  ])('refuses %s, creating nothing', async (_, fields, code, message) => {
    const { management, owner, keys } = await setup();
    await expect(management.createKey(owner, { name: 'k', ...fields } as never, FROM)).rejects.toMatchObject({
      code,
      message: expect.stringContaining(message),
    });
    expect(keys.keys.size).toBe(0);
  });

  it('changes a browser key’s origins, and refuses origins for a secret key or other scopes for a browser key as a conflict with the stored kind', async () => {
    const { management, owner } = await setup();
    const browser = await management.createKey(owner, { name: 'shop', kind: 'browser', origins: [SHOP] }, FROM);
    const secret = await management.createKey(owner, { name: 'server' }, FROM);
    expect((await management.updateKey(owner, browser.id, { origins: ['https://new.example'] }, FROM)).origins).toEqual(['https://new.example']);
    await expect(management.updateKey(owner, secret.id, { origins: [SHOP] }, FROM)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('secret key'),
    });
    await expect(management.updateKey(owner, browser.id, { scopes: ['pets:write'] }, FROM)).rejects.toMatchObject({ code: 'conflict' });
    await expect(management.updateKey(owner, browser.id, { scopes: ['keys:manage'] }, FROM)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('rolls a browser key into a browser key with the same origins', async () => {
    const { management, owner } = await setup();
    const browser = await management.createKey(owner, { name: 'shop', kind: 'browser', origins: [SHOP] }, FROM);
    const rolled = await management.rollKey(owner, browser.id, {}, FROM);
    expect(rolled.key).toMatchObject({ kind: 'browser', scopes: ['pets:read'], origins: [SHOP] });
  });
});
