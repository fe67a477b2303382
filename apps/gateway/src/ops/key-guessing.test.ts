import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixedClock } from '@petstore/domain';
import { call } from '@petstore/service-kit';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

const PER_MINUTE = 60;
const GUESSES = 300;
const ROUNDS = 4;

/** A key check from `address` (through the trusted X-Forwarded-For), or from the socket's own address. */
const check = (gw: TestGateway, key: string, address?: string) =>
  call(gw.baseUrl, '/v1/pets?limit=1', { key, headers: address === undefined ? {} : { 'X-Forwarded-For': address } });

const statusCounts = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, statuses.filter((s) => s === status).length]));

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`concurrent key guesses from one client on the ${store.name}`, () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        // A clock that stands still, so the minute the guesses are counted in cannot end mid-round.
        clock: fixedClock(new Date('2026-01-01T00:00:10Z')),
        env: {
          PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: String(PER_MINUTE),
          PETSTORE_TRUST_PROXY: 'true',
          // No key cache: every good-key check below is a database lookup of its own.
          PETSTORE_KEY_CACHE_SECONDS: '0',
          PETSTORE_RATE_LIMIT: '0',
        },
      });
    });
    afterAll(async () => {
      await gw.close();
    });

    it(`lets exactly ${PER_MINUTE} of ${GUESSES} concurrent unknown keys from one address be looked up, and answers the rest 429, round after round`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        // Round 0 comes from the socket's own address; the others each from a client of their own behind the balancer.
        const address = round === 0 ? undefined : `198.51.100.${round}`;
        const answers = await Promise.all(Array.from({ length: GUESSES }, (_, n) => check(gw, `psk_guess_${round}_${n}`, address)));
        expect(statusCounts(answers.map((answer) => answer.status)), `round ${round}`).toEqual({ 401: PER_MINUTE, 429: GUESSES - PER_MINUTE });
        for (const answer of answers.filter((each) => each.status === 429)) expect(Number(answer.headers.get('retry-after'))).toBe(50);
      }
    }, 180_000);

    it(`never holds back ${GUESSES} concurrent checks of one good key from one address`, async () => {
      const answers = await Promise.all(Array.from({ length: GUESSES }, () => check(gw, gw.apiKey, '198.51.100.200')));
      expect(statusCounts(answers.map((answer) => answer.status))).toEqual({ 200: GUESSES });
    }, 120_000);

    it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', { timeout: 120_000 }, async () => {
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await check(gw, `psk_v6_${n}`, `2001:db8:a:b:${n.toString(16)}::1`)).status).toBe(401);
      expect((await check(gw, gw.apiKey, '2001:db8:a:b:ffff:ffff:ffff:ffff')).status, 'the same /64').toBe(429);
      expect((await check(gw, gw.apiKey, '2001:DB8:A:B::')).status, 'the same /64, written otherwise').toBe(429);
      expect((await check(gw, gw.apiKey, '2001:db8:a:c::1')).status, 'the next /64').toBe(200);

      for (let n = 0; n < PER_MINUTE; n += 1) {
        const address = n % 2 === 0 ? '::ffff:203.0.113.77' : '203.0.113.77';
        expect((await check(gw, `psk_mapped_${n}`, address)).status).toBe(401);
      }
      expect((await check(gw, gw.apiKey, '203.0.113.77')).status).toBe(429);
      expect((await check(gw, gw.apiKey, '::ffff:cb00:714d')).status, '::ffff:203.0.113.77 in hex').toBe(429);
      expect((await check(gw, gw.apiKey, '203.0.113.78')).status, 'the next IPv4 address').toBe(200);
    });
  });
}
