import { randomBytes } from 'node:crypto';
import type { Clock, KeyOptions } from '@petstore/domain';
import { OPERATOR, operatorOn } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorsAt, WIRE_DOORS, type Answer, type Door, type DoorName, type WireRequest } from '../testing/doors/doors.js';
import { eachDoor, PARITY_STORES, sameForEveryDoor, storedPets } from './testing/every-door.js';

/**
 * What a key may do, for how long and how often (issue 20), stated once and run through REST,
 * GraphQL and tRPC on both stores: scopes refused with 403 before anything runs or is charged,
 * expiry and the end of a roll's overlap with 401, and a key's own rate limit. The service's clock
 * is moved by the tests, so expiries are crossed exactly, without waiting. The test gateway is a
 * development service: it issues and accepts test keys (psk_test_…), and keys issued before keys
 * named their environment (psk_…).
 */
const RATE_LIMIT = 1000;
const WINDOW_SECONDS = 3600;

/** Starts at the beginning of a rate-limit window, so moving it by minutes stays within that window. */
class MovableClock implements Clock {
  private at = Date.parse('2026-06-01T00:00:00Z');
  now(): Date {
    return new Date(this.at);
  }
  advance(seconds: number): void {
    this.at += seconds * 1000;
  }
}

/** How each door names the operations the tests call, as its 403 message names them. */
const NAMES: Record<DoorName, { list: string; page: string; create: string; get: string }> = {
  rest: { list: 'listPets', page: 'listPets', create: 'createPet', get: 'getPet' },
  graphql: { list: 'pets', page: 'petsPage', create: 'addPet', get: 'pet' },
  trpc: { list: 'pets.list', page: 'pets.page', create: 'pets.create', get: 'pets.get' },
};

/** A refusal as the tests compare it across doors: its kind, status and what the caller has left. */
const refusal = (answer: Answer<unknown>) => ({
  kind: answer.ok ? 'ok' : answer.kind,
  status: answer.status,
  remaining: answer.headers.get('ratelimit-remaining'),
});

for (const store of PARITY_STORES) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`API keys at REST, GraphQL and tRPC on the ${store.name}`, () => {
    const clock = new MovableClock();
    let gw: TestGateway;
    let doors: Door[];
    let petId: number;

    /** A key of a new account, made as `petstore keys create` makes one. */
    const keyWith = async (options: KeyOptions = {}) => {
      const account = await gw.runtime.accounts.createAccount('keys parity');
      const issued = await gw.runtime.keys.createKey(operatorOn(account.id), options);
      return { id: issued.id, credential: { key: issued.key } };
    };
    const countPets = async (): Promise<number> => (await storedPets(gw)).length;
    const send = async (request: WireRequest, key: string) => {
      const response = await fetch(`${gw.baseUrl}${request.path}`, {
        method: request.method,
        headers: { ...request.headers, Authorization: `Bearer ${key}` },
        ...(request.body !== undefined && { body: request.body }),
      });
      const body: unknown = await response.json();
      return { status: response.status, headers: response.headers, body };
    };

    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        clock,
        env: { PETSTORE_RATE_LIMIT: String(RATE_LIMIT), PETSTORE_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS) },
      });
      doors = doorsAt(gw.baseUrl);
      petId = (await gw.runtime.pets.create({ name: 'already there', categoryId: 1n })).id;
    });
    afterAll(async () => {
      await gw.close();
    });

    describe('scopes', () => {
      it('refuses a read-only key a create at every door with 403 naming the scope and the operation: nothing runs, nothing is charged', async () => {
        const before = await countPets();
        const answers = await eachDoor(doors, async (door) => {
          const { credential } = await keyWith({ scopes: ['pets:read'] });
          const answer = await door.create(credential, { name: `read-only ${door.name}`, categoryId: 1 });
          const message = answer.ok ? '' : answer.message;
          const listed = await door.list(credential, { limit: 1 });
          return {
            ...refusal(answer),
            named: message.startsWith(`this API key lacks the pets:write scope that ${NAMES[door.name].create} needs`),
            // The refusal charged nothing: the first operation that runs is the first one charged.
            afterRead: listed.headers.get('ratelimit-remaining'),
          };
        });
        expect(answers).toEqual(
          sameForEveryDoor({ kind: 'forbidden', status: 403, remaining: String(RATE_LIMIT), named: true, afterRead: String(RATE_LIMIT - 1) }),
        );
        expect(await countPets()).toBe(before);
      });

      it('refuses whole, at every door that packs several operations, a batch or document with any write in it: none of it runs or is charged', async () => {
        const before = await countPets();
        const answers = Object.fromEntries(
          await Promise.all(
            WIRE_DOORS.filter((door) => door.maxOperations > 1).map(async (door) => {
              const { credential } = await keyWith({ scopes: ['pets:read'] });
              const requests = [door.creates([`batched ${door.name} 1`, `batched ${door.name} 2`]), ...door.mixed(`mixed ${door.name}`)];
              const sent = [];
              for (const request of requests) {
                const answer = await send(request, credential.key);
                sent.push({
                  status: answer.status,
                  codes: [...new Set(door.errorCodes(answer.body))],
                  remaining: answer.headers.get('ratelimit-remaining'),
                });
              }
              return [door.name, sent] as const;
            }),
          ),
        );
        const forbidden = { status: 403, codes: ['forbidden'], remaining: String(RATE_LIMIT) };
        expect(answers).toEqual({
          // A document holding a mutation is refused whichever operation it names; so is a batch holding one.
          graphql: [forbidden, forbidden, forbidden, forbidden],
          // tRPC calls queries with GET and mutations with POST: a batch of both is refused for its method first.
          trpc: [forbidden, { status: 405, codes: ['method_not_allowed'], remaining: String(RATE_LIMIT) }],
        });
        expect(await countPets()).toBe(before);
      });

      it('refuses a write-only key every read at every door, single or batched, naming the scope and the operation, and lets it create', async () => {
        const answers = await eachDoor(doors, async (door) => {
          const { credential } = await keyWith({ scopes: ['pets:write'] });
          const reads = [
            ['list', await door.list(credential, { limit: 1 })],
            ['page', await door.page(credential, { limit: 1 })],
            ['get', await door.get(credential, petId)],
          ] as const;
          const wire = WIRE_DOORS.find((candidate) => candidate.name === door.name);
          const batched = wire && wire.maxOperations > 1 ? await send(wire.lists(3), credential.key) : undefined;
          const created = await door.create(credential, { name: `write-only ${door.name}`, categoryId: 1 });
          return {
            reads: reads.map(([operation, answer]) => ({
              ...refusal(answer),
              named: !answer.ok && answer.message.startsWith(`this API key lacks the pets:read scope that ${NAMES[door.name][operation]} needs`),
            })),
            batch: batched && { status: batched.status, codes: [...new Set(wire?.errorCodes(batched.body))] },
            created: { ok: created.ok, remaining: created.headers.get('ratelimit-remaining') },
          };
        });
        const refused = { kind: 'forbidden', status: 403, remaining: String(RATE_LIMIT), named: true };
        const created = { ok: true, remaining: String(RATE_LIMIT - 1) };
        const batch = { status: 403, codes: ['forbidden'] };
        expect(answers).toEqual({
          rest: { reads: [refused, refused, refused], batch: undefined, created },
          graphql: { reads: [refused, refused, refused], batch, created },
          trpc: { reads: [refused, refused, refused], batch, created },
        });
      });
    });

    it('refuses a key from the instant it expires with 401 at every door, saying it expired', async () => {
      const expiresAt = new Date(clock.now().getTime() + 60_000);
      const { credential } = await keyWith({ expiresAt: expiresAt.toISOString() });
      expect(await eachDoor(doors, async (door) => (await door.list(credential, { limit: 1 })).status)).toEqual(sameForEveryDoor(200));
      clock.advance(60);
      const answers = await eachDoor(doors, async (door) => {
        const answer = await door.list(credential, { limit: 1 });
        return { kind: answer.ok ? 'ok' : answer.kind, status: answer.status, message: answer.ok ? '' : answer.message };
      });
      expect(answers).toEqual(sameForEveryDoor({ kind: 'unauthorized', status: 401, message: `this API key expired at ${expiresAt.toISOString()}` }));
    });

    it("shows a key's own limit in RateLimit-Limit and RateLimit-Policy and refuses it past it with 429, while another key keeps the service's", async () => {
      const answers = await eachDoor(doors, async (door) => {
        const own = await keyWith({ rateLimit: 3 });
        const other = await keyWith();
        const seen = [];
        let retryAfter: string | null = null;
        for (let call = 0; call < 4; call += 1) {
          const answer = await door.list(own.credential, { limit: 1 });
          retryAfter = answer.headers.get('retry-after');
          seen.push({
            status: answer.status,
            limit: answer.headers.get('ratelimit-limit'),
            policy: answer.headers.get('ratelimit-policy'),
            remaining: answer.headers.get('ratelimit-remaining'),
          });
        }
        const unaffected = await door.list(other.credential, { limit: 1 });
        return {
          seen,
          retryAfter: Number(retryAfter) > 0,
          other: { status: unaffected.status, limit: unaffected.headers.get('ratelimit-limit') },
        };
      });
      const policy = `"per-key";q=3;w=${WINDOW_SECONDS}`;
      expect(answers).toEqual(
        sameForEveryDoor({
          seen: [
            { status: 200, limit: '3', policy, remaining: '2' },
            { status: 200, limit: '3', policy, remaining: '1' },
            { status: 200, limit: '3', policy, remaining: '0' },
            { status: 429, limit: '3', policy, remaining: '0' },
          ],
          retryAfter: true,
          other: { status: 200, limit: String(RATE_LIMIT) },
        }),
      );
    });

    it("charges a rolled key, its replacement and the replacement's own replacement to one budget at every door", async () => {
      const answers = await eachDoor(doors, async (door) => {
        const old = await keyWith({ rateLimit: 4 });
        const rolled = await gw.runtime.keys.rollKey(OPERATOR, old.id, { overlapSeconds: 600 });
        const chained = await gw.runtime.keys.rollKey(OPERATOR, rolled.key.id, { overlapSeconds: 600 });
        const spend = async (credential: { key: string }) => {
          const answer = await door.list(credential, { limit: 1 });
          return `${answer.status} ${answer.headers.get('ratelimit-remaining')}`;
        };
        const lineage = [old.credential, { key: rolled.key.key }, { key: chained.key.key }];
        const seen = [];
        for (const credential of [...lineage, lineage[0], ...lineage]) if (credential) seen.push(await spend(credential));
        return seen;
      });
      expect(answers).toEqual(sameForEveryDoor(['200 3', '200 2', '200 1', '200 0', '429 0', '429 0', '429 0']));
    });

    it('keeps a rolled key working at every door until its overlap ends, and refuses it with 401 after, while its replacement works', async () => {
      const old = await keyWith({ scopes: ['pets:read'] });
      const rolled = await gw.runtime.keys.rollKey(OPERATOR, old.id, { overlapSeconds: 120 });
      const replacement = { key: rolled.key.key };
      const listWith = async (credential: { key: string }) =>
        eachDoor(doors, async (door) => {
          const answer = await door.list(credential, { limit: 1 });
          return { status: answer.status, message: answer.ok ? undefined : answer.message };
        });
      expect(await listWith(old.credential)).toEqual(sameForEveryDoor({ status: 200, message: undefined }));
      clock.advance(119);
      expect(await listWith(old.credential)).toEqual(sameForEveryDoor({ status: 200, message: undefined }));
      clock.advance(1);
      expect(await listWith(old.credential)).toEqual(
        sameForEveryDoor({
          status: 401,
          message: expect.stringMatching(/^this API key expired at .*: it was rolled, and its overlap with its replacement has ended$/),
        }),
      );
      expect(await listWith(replacement)).toEqual(sameForEveryDoor({ status: 200, message: undefined }));
    });

    it('refuses a live key with 401 at every door, saying it is a production key, even one stored here; older keys keep working', async () => {
      const random = () => randomBytes(32).toString('base64url');
      const live = await keyWith({ presetKey: `psk_live_${random()}` });
      const older = await keyWith({ presetKey: `psk_${random()}` });
      const issued = await keyWith();
      const answers = await eachDoor(doors, async (door) => {
        const refused = await door.list(live.credential, { limit: 1 });
        return {
          live: { kind: refused.ok ? 'ok' : refused.kind, status: refused.status, message: refused.ok ? '' : refused.message },
          older: (await door.list(older.credential, { limit: 1 })).status,
          issued: (await door.list(issued.credential, { limit: 1 })).status,
        };
      });
      expect(issued.credential.key).toMatch(/^psk_test_/);
      expect(answers).toEqual(
        sameForEveryDoor({
          live: {
            kind: 'unauthorized',
            status: 401,
            message: expect.stringContaining('this key is a live key (psk_live_…) of the production service'),
          },
          older: 200,
          issued: 200,
        }),
      );
    });
  });
}
