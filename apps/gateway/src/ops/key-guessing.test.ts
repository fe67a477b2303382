import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Clock } from '@petstore/domain';
import { OPERATOR, operatorOn } from '@petstore/domain';
import { call } from '@petstore/service-kit';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { startForwardingProxy, type ForwardingProxy } from './testing/forwarding-proxy.js';
import { rawRequest, type RawAnswer } from './testing/raw-http.js';

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

const PER_MINUTE = 60;
const GUESSES = 300;
const ROUNDS = 4;
/** Past its allowance, a client still has one unseen key looked up per 5 s; the clock here moves only when a test moves it. */
const PROBES = 1;

/** A key check from `address` (through X-Forwarded-For, as the trusted proxy would write it), or from the socket's own address. */
const check = (gw: TestGateway, key: string, address?: string) =>
  call(gw.baseUrl, '/v1/pets?limit=1', { key, headers: address === undefined ? {} : { 'X-Forwarded-For': address } });

const statusCounts = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, statuses.filter((s) => s === status).length]));
const statusOf = (answer: RawAnswer): number | string => (answer.kind === 'answer' ? answer.status : answer.code);

/** A clock that stands still, so the minute the guesses are counted in cannot end mid-test, until a test moves it on. */
function movableClock(): Clock & { advance(ms: number): void } {
  let now = Date.parse('2026-01-01T00:00:10Z');
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`key guesses on the ${store.name}`, () => {
    let gw: TestGateway;
    let proxy: ForwardingProxy;
    const clock = movableClock();
    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        clock,
        env: {
          PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: String(PER_MINUTE),
          PETSTORE_TRUST_PROXY: '1',
          // No key cache: every check below that reaches the store is a database lookup of its own.
          PETSTORE_KEY_CACHE_SECONDS: '0',
          PETSTORE_RATE_LIMIT: '0',
          // What is counted here is the throttle's answer, not the database's speed: 300 concurrent
          // lookups on a CI machine with both cores busy took longer than the 3 s default deadline
          // (some good-key checks answered 503), so the deadline is out of the way.
          MONGODB_TIMEOUT_MS: '30000',
        },
      });
      proxy = await startForwardingProxy(gw.port);
    });
    afterAll(async () => {
      await proxy?.close();
      await gw?.close();
    });

    /** A key check sent from the local address `from` through the proxy, with whatever X-Forwarded-For the client writes. */
    const throughProxy = (from: string, key: string, written?: string) =>
      rawRequest(proxy.port, {
        method: 'GET',
        path: '/v1/pets?limit=1',
        from,
        headers: { Authorization: `Bearer ${key}`, ...(written !== undefined && { 'X-Forwarded-For': written }) },
      });
    const newKey = async (options: { expiresAt?: string; presetKey?: string } = {}) => {
      const account = await gw.runtime.accounts.createAccount('guessed at');
      return { account, ...(await gw.runtime.keys.createKey(operatorOn(account.id), options)) };
    };

    it(`lets exactly ${PER_MINUTE} of ${GUESSES} concurrent unknown keys from one address be looked up, and answers the rest 429, round after round`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        // Round 0 comes from the socket's own address; the others each from a client of their own behind the balancer.
        const address = round === 0 ? undefined : `198.51.100.${round}`;
        const answers = await Promise.all(Array.from({ length: GUESSES }, (_, n) => check(gw, `psk_guess_${round}_${n}`, address)));
        // The allowance, and the one probe when a guess arrives after the allowance was spent (not while it was under way).
        const looked = answers.filter((answer) => answer.status === 401).length;
        expect([PER_MINUTE, PER_MINUTE + PROBES], `round ${round}`).toContain(looked);
        expect(statusCounts(answers.map((answer) => answer.status)), `round ${round}`).toEqual({ 401: looked, 429: GUESSES - looked });
        for (const answer of answers.filter((each) => each.status === 429)) expect(Number(answer.headers.get('retry-after'))).toBeOneOf([1, 5]);
      }
    }, 180_000);

    it(`never holds back ${GUESSES} concurrent checks of one good key from one address`, async () => {
      const answers = await Promise.all(Array.from({ length: GUESSES }, () => check(gw, gw.apiKey, '198.51.100.200')));
      expect(statusCounts(answers.map((answer) => answer.status))).toEqual({ 200: GUESSES });
    }, 120_000);

    it('holds back 1,000 made-up keys from one client behind a trusted proxy, whatever X-Forwarded-For it writes, and never its real keys', async () => {
      expect(statusOf(await throughProxy('127.0.0.2', gw.apiKey)), 'a key used before the guessing').toBe(200);
      const spoofs = (n: number) =>
        [`198.51.100.${n % 250}`, `203.0.113.${n % 250}:${n}`, `[2001:db8::${n.toString(16)}]`, `010.0.0.${n % 250}`][n % 4];
      const statuses: Array<number | string> = [];
      for (let batch = 0; batch < 20; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, n) => throughProxy('127.0.0.2', `psk_made_up_${batch}_${n}`, spoofs(batch * 50 + n))),
        );
        statuses.push(...answers.map(statusOf));
      }
      expect(statusCounts(statuses as number[]), 'one client, however it names itself').toEqual({
        401: PER_MINUTE + PROBES,
        429: 1000 - PER_MINUTE - PROBES,
      });

      expect(statusOf(await throughProxy('127.0.0.2', gw.apiKey)), 'its real key from the same address').toBe(200);
      const other = await newKey();
      expect(statusOf(await throughProxy('127.0.0.3', 'psk_made_up_elsewhere')), 'another client behind the proxy').toBe(401);
      expect(statusOf(await throughProxy('127.0.0.3', other.key)), 'its new key').toBe(200);
      expect(statusOf(await throughProxy('127.0.0.2', other.key)), 'now a key this service has found, from the held-back client').toBe(200);

      expect(statusOf(await throughProxy('127.0.0.2', (await newKey()).key)), 'a new key never seen, from the held-back client').toBe(200);
      // Untagged, as keys made before tags were (docs/key-tags.md): only a lookup tells it from a made-up one.
      const unseen = await newKey({ presetKey: `psk_${randomBytes(32).toString('base64url')}` });
      const held = await throughProxy('127.0.0.2', unseen.key);
      expect(statusOf(held), 'an untagged key never seen, from the held-back client, waits for the next probe').toBe(429);
      expect(held.kind === 'answer' && Number(held.headers['retry-after'])).toBe(5);
      clock.advance(5_000);
      expect(statusOf(await throughProxy('127.0.0.2', unseen.key)), 'and is looked up then').toBe(200);
      expect(statusOf(await throughProxy('127.0.0.2', 'psk_made_up_after')), 'while guesses stay held back').toBe(429);
      expect(statusOf(await throughProxy('127.0.0.2', unseen.key))).toBe(200);
    }, 240_000);

    it("does not count an expired or revoked key polled again and again: the account's other key still works from there", async () => {
      const expiring = await newKey({ expiresAt: new Date(clock.now().getTime() + 1_000).toISOString() });
      const other = await gw.runtime.keys.createKey(operatorOn(expiring.account.id));
      const revoked = await gw.runtime.keys.createKey(operatorOn(expiring.account.id));
      await gw.runtime.keys.revokeKey(OPERATOR, revoked.id);
      clock.advance(1_000);
      for (let batch = 0; batch < 5; batch += 1) {
        const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => throughProxy('127.0.0.4', n % 4 === 0 ? revoked.key : expiring.key)));
        expect(answers.map(statusOf)).toEqual(Array(40).fill(401));
        const expired = answers.find((answer, n) => n % 4 !== 0 && answer.kind === 'answer');
        expect(expired?.kind === 'answer' && (JSON.parse(expired.body) as { message: string }).message).toMatch(/^this API key expired at /);
      }
      expect(statusOf(await throughProxy('127.0.0.4', other.key)), 'a key of the account never used before').toBe(200);
    }, 120_000);

    it('counts an X-Forwarded-For entry that is no address (a leading zero, a name, a bad port) as the peer, not as a new client', async () => {
      const nonsense = ['010.0.0.1', '203.0.113.7.', 'unknown', '203.0.113.7:http', '[203.0.113.7', '0x7f.0.0.1', '2001:db8::g'];
      const statuses: Array<number | string> = [];
      for (let n = 0; n < 70; n += 1) {
        const written = `${nonsense[n % nonsense.length]}${n % 2 === 0 ? '' : ' '}`;
        const answer = await rawRequest(gw.port, {
          method: 'GET',
          path: '/v1/pets?limit=1',
          from: '127.0.0.7',
          headers: { Authorization: `Bearer psk_nonsense_${n}`, 'X-Forwarded-For': written },
        });
        statuses.push(statusOf(answer));
      }
      expect(statusCounts(statuses as number[])).toEqual({ 401: PER_MINUTE + PROBES, 429: 70 - PER_MINUTE - PROBES });
    }, 120_000);

    it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', { timeout: 120_000 }, async () => {
      let unseen = 0;
      const unseenFrom = async (address: string) => (await check(gw, `psk_unseen_${(unseen += 1)}`, address)).status;
      expect((await check(gw, gw.apiKey, '2001:db8:a:b::2')).status, 'a real key, before the guessing').toBe(200);
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await check(gw, `psk_v6_${n}`, `2001:db8:a:b:${n.toString(16)}::1`)).status).toBe(401);
      expect(await unseenFrom('2001:db8:a:b:ffff:ffff:ffff:ffff'), 'the same /64: its probe').toBe(401);
      expect(await unseenFrom('[2001:DB8:A:B::]:443'), 'the same /64, written otherwise').toBe(429);
      expect((await check(gw, gw.apiKey, '2001:db8:a:b::2')).status, 'a real key from the same /64').toBe(200);
      expect(await unseenFrom('2001:db8:a:c::1'), 'the next /64').toBe(401);

      for (let n = 0; n < PER_MINUTE; n += 1) {
        const address = n % 2 === 0 ? '::ffff:203.0.113.77' : '203.0.113.77';
        expect((await check(gw, `psk_mapped_${n}`, address)).status).toBe(401);
      }
      expect(await unseenFrom('203.0.113.77:8080'), 'its probe').toBe(401);
      expect(await unseenFrom('::ffff:cb00:714d'), '::ffff:203.0.113.77 in hex').toBe(429);
      expect(await unseenFrom('203.0.113.78'), 'the next IPv4 address').toBe(401);
    });
  });
}

describe('key guesses straight from the clients, no proxy trusted', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ clock: movableClock(), env: { PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: '3', PETSTORE_RATE_LIMIT: '0' } });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('counts each loopback address as a client of its own and believes no X-Forwarded-For', async () => {
    const from = (address: string, key: string, written = `198.51.100.${Math.floor(Math.random() * 250)}`) =>
      rawRequest(gw.port, {
        method: 'GET',
        path: '/v1/pets?limit=1',
        from: address,
        headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': written },
      });
    expect(statusOf(await from('127.0.0.5', gw.apiKey))).toBe(200);
    const statuses: Array<number | string> = [];
    for (let n = 0; n < 6; n += 1) statuses.push(statusOf(await from('127.0.0.5', `psk_guess_${n}`)));
    expect(statuses, 'the allowance, the probe, then held back').toEqual([401, 401, 401, 401, 429, 429]);
    expect(statusOf(await from('127.0.0.6', 'psk_guess_elsewhere'))).toBe(401);
    expect(statusOf(await from('127.0.0.5', gw.apiKey)), 'its real key').toBe(200);
  });
});
