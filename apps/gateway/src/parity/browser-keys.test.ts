import { operatorOn } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorsAt, type Answer, type Door } from '../testing/doors/doors.js';
import { eachDoor, PARITY_STORES, sameForEveryDoor, storedPets } from './testing/every-door.js';

/**
 * Browser keys (issue 28), stated once and run through REST, GraphQL and tRPC on both stores:
 * accepted only with an Origin of theirs, readable there through CORS, refused with 403 from
 * anywhere else, read-only whatever is asked, and charged per visitor on top of the key's budget.
 * The gateway trusts one proxy, so X-Forwarded-For names each visitor.
 */
const SHOP = 'https://shop.example';
const CLIENT_LIMIT = 3;

/** What a page could read of an answer, and what it says. */
const seen = (answer: Answer<unknown>) => ({
  status: answer.status,
  kind: answer.ok ? 'ok' : answer.kind,
  allowOrigin: answer.headers.get('access-control-allow-origin'),
});

for (const store of PARITY_STORES) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`browser keys at REST, GraphQL and tRPC on the ${store.name}`, () => {
    let gw: TestGateway;
    let doors: Door[];
    let visitor = 0;
    /** A page's request headers: its origin, and a visitor of its own unless told. */
    const from = (origin: string | undefined, address = `198.51.100.${(visitor += 1) % 250}`) => ({
      ...(origin !== undefined && { Origin: origin }),
      'X-Forwarded-For': address,
    });
    const browserKey = async () => {
      const account = await gw.runtime.accounts.createAccount('browser keys parity');
      const issued = await gw.runtime.keys.createKey(operatorOn(account.id), { kind: 'browser', origins: [SHOP, 'http://localhost:5173'] });
      return { key: issued.key };
    };

    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        env: { PETSTORE_BROWSER_KEY_CLIENT_LIMIT: String(CLIENT_LIMIT), PETSTORE_TRUST_PROXY: '1' },
      });
      doors = doorsAt(gw.baseUrl);
      await gw.runtime.pets.create({ name: 'in the window', categoryId: 1n });
    });
    afterAll(async () => {
      await gw.close();
    });

    it('serves a browser key from one of its origins, and lets the page read the answer', async () => {
      const answers = await eachDoor(doors, async (door) => {
        const credential = await browserKey();
        const listed = await door.list(credential, { limit: 5 }, from(SHOP));
        return {
          ...seen(listed),
          listed: listed.ids.length > 0,
          varies: /\bOrigin\b/.test(listed.headers.get('vary') ?? ''),
          exposed: listed.headers.get('access-control-expose-headers')?.includes('RateLimit-Remaining'),
          local: (await door.list(credential, { limit: 1 }, from('http://localhost:5173'))).status,
        };
      });
      expect(answers).toEqual(
        sameForEveryDoor({ status: 200, kind: 'ok', allowOrigin: SHOP, listed: true, varies: true, exposed: true, local: 200 }),
      );
    });

    it('refuses a browser key with 403 from another origin (readable there, saying why) and without an Origin', async () => {
      const answers = await eachDoor(doors, async (door) => {
        const credential = await browserKey();
        const elsewhere = await door.list(credential, { limit: 1 }, from('https://evil.example'));
        const nowhere = await door.list(credential, { limit: 1 }, from(undefined));
        const why = (answer: Answer<unknown>) => (answer.ok ? '' : answer.message);
        return {
          elsewhere: { ...seen(elsewhere), names: why(elsewhere).startsWith(`this key is a browser key (psk_pub_…) for the origins ${SHOP}`) },
          nowhere: { ...seen(nowhere), says: why(nowhere).includes('this request has no Origin header') },
        };
      });
      expect(answers).toEqual(
        sameForEveryDoor({
          elsewhere: { status: 403, kind: 'forbidden', allowOrigin: 'https://evil.example', names: true },
          nowhere: { status: 403, kind: 'forbidden', allowOrigin: null, says: true },
        }),
      );
    });

    it('never writes with a browser key: a create is refused with 403 for its scope, and nothing is stored', async () => {
      const before = (await storedPets(gw)).length;
      const answers = await eachDoor(doors, async (door) =>
        seen(await door.create(await browserKey(), { name: `from ${door.name}`, categoryId: 1 }, from(SHOP))),
      );
      expect(answers).toEqual(sameForEveryDoor({ status: 403, kind: 'forbidden', allowOrigin: SHOP }));
      expect((await storedPets(gw)).length).toBe(before);
      const account = await gw.runtime.accounts.createAccount('no writing browser key');
      await expect(
        gw.runtime.keys.createKey(operatorOn(account.id), { kind: 'browser', scopes: ['pets:write'], origins: [SHOP] } as never),
      ).rejects.toMatchObject({
        code: 'invalid_request',
      });
    });

    it('refuses one visitor past PETSTORE_BROWSER_KEY_CLIENT_LIMIT with 429, readable, while another visitor of the same key is served', async () => {
      const answers = await eachDoor(doors, async (door) => {
        const credential = await browserKey();
        const address = `203.0.113.${door.name.length}`;
        const statuses = [];
        for (let call = 0; call < CLIENT_LIMIT; call += 1) statuses.push((await door.list(credential, { limit: 1 }, from(SHOP, address))).status);
        const refused = await door.list(credential, { limit: 1 }, from(SHOP, address));
        const other = await door.list(credential, { limit: 1 }, from(SHOP, '192.0.2.77'));
        return {
          statuses,
          refused: {
            status: refused.status,
            allowOrigin: refused.headers.get('access-control-allow-origin'),
            retryAfter: Number(refused.headers.get('retry-after')) > 0,
            limit: refused.headers.get('ratelimit-limit'),
            remaining: refused.headers.get('ratelimit-remaining'),
            says: !refused.ok && refused.message.includes('for this browser key from this client address'),
          },
          other: other.status,
        };
      });
      expect(answers).toEqual(
        sameForEveryDoor({
          statuses: [200, 200, 200],
          refused: { status: 429, allowOrigin: SHOP, retryAfter: true, limit: String(CLIENT_LIMIT), remaining: '0', says: true },
          other: 200,
        }),
      );
    });

    it('serves a secret key from an origin not in PETSTORE_CORS_ORIGINS without letting the page read it, as before browser keys', async () => {
      const answers = await eachDoor(doors, async (door) => seen(await door.list({ key: gw.apiKey }, { limit: 1 }, from(SHOP))));
      expect(answers).toEqual(sameForEveryDoor({ status: 200, kind: 'ok', allowOrigin: null }));
    });

    it('answers a preflight from any origin at every pet door with 204 and no key, and none at the management API', async () => {
      const preflight = (path: string, origin: string) =>
        fetch(`${gw.baseUrl}${path}`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
        });
      for (const [path, origin] of [
        ['/v1/pets', SHOP],
        ['/graphql', 'https://any.example:8443'],
        ['/trpc/pets.list', 'http://localhost:3000'],
      ] as const) {
        const answer = await preflight(path, origin);
        expect(answer.status, path).toBe(204);
        expect(answer.headers.get('access-control-allow-origin'), path).toBe(origin);
        expect(answer.headers.get('access-control-allow-methods'), path).toBe('GET, POST, OPTIONS');
        expect(answer.headers.get('access-control-allow-headers'), path).toMatch(
          /^Authorization, Content-Type, Idempotency-Key, X-Request-Id, trpc-accept, apollo-require-preflight/,
        );
        expect(answer.headers.get('access-control-max-age'), path).toBe('600');
      }
      const manage = await preflight('/manage/v1/account', SHOP);
      expect(manage.status).not.toBe(204);
      expect(manage.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
}
