import { randomBytes } from 'node:crypto';
import type { Clock } from '@petstore/domain';
import { operatorOn } from '@petstore/domain';
import { hasGo, startFerretDB, type TestDatabaseServer } from '@petstore/testdb';
import { uniqueName } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { rawRequest, type RawAnswer } from './testing/raw-http.js';

/**
 * Keys carry a tag (an HMAC under a secret every instance shares) that the service checks before
 * anything else: a made-up key costs no lookup, so the failed-key throttle has nothing to hold
 * back a new key for (docs/key-tags.md).
 */
const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

const PER_MINUTE = 60;
const MADE_UP = 70;
const UNKNOWN_KEY = 'invalid or revoked API key';
/** A key text of the tagged shape (a test key's prefix, 43 random characters and a 16-character tag) whose tag nobody made. */
const madeUpTagged = (): string => `psk_test_${randomBytes(45).toString('base64url').slice(0, 59)}`;
/** A key text of the shape keys had before tags: the prefix and 43 random characters. */
const untagged = (): string => `psk_test_${randomBytes(32).toString('base64url')}`;

/** A key check from the local address `from` (no proxy is trusted: the peer is the client). */
const check = (gw: TestGateway, key: string, from = '127.0.0.1') =>
  rawRequest(gw.port, { method: 'GET', path: '/v1/pets?limit=1', from, headers: { Authorization: `Bearer ${key}` } });
const statusOf = (answer: RawAnswer): number | string => (answer.kind === 'answer' ? answer.status : answer.code);
const messageOf = (answer: RawAnswer): unknown =>
  answer.kind === 'answer' ? (JSON.parse(answer.body) as { message?: unknown }).message : answer.code;
const statusCounts = (answers: RawAnswer[]) => {
  const statuses = answers.map(statusOf);
  return Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, statuses.filter((s) => s === status).length]));
};
const newKey = async (gw: TestGateway, options: { presetKey?: string } = {}) => {
  const account = await gw.runtime.accounts.createAccount('tagged');
  return gw.runtime.keys.createKey(operatorOn(account.id), options);
};

/** A clock that stands still, so the minute the made-up keys are counted in cannot end mid-test. */
function standingClock(): Clock {
  const now = new Date('2026-01-01T00:00:10Z');
  return { now: () => new Date(now) };
}

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`tagged keys on the ${store.name}`, () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        clock: standingClock(),
        env: {
          PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: String(PER_MINUTE),
          PETSTORE_RATE_LIMIT: '0',
          // Every check that reaches the store is a database lookup of its own.
          PETSTORE_KEY_CACHE_SECONDS: '0',
        },
      });
    });
    afterAll(async () => {
      await gw?.close();
    });

    it('issues keys of the tagged shape: the kind and environment prefix, 43 random characters and a 16-character tag', async () => {
      expect((await newKey(gw)).key).toMatch(/^psk_test_[A-Za-z0-9_-]{59}$/);
    });

    it(`answers ${MADE_UP} made-up tagged keys from one address 401 "${UNKNOWN_KEY}", never 429: they cost nothing to refuse`, async () => {
      const answers = await Promise.all(Array.from({ length: MADE_UP }, () => check(gw, madeUpTagged(), '127.0.0.21')));
      expect(statusCounts(answers)).toEqual({ 401: MADE_UP });
      expect(new Set(answers.map(messageOf))).toEqual(new Set([UNKNOWN_KEY]));
      expect(statusOf(await check(gw, untagged(), '127.0.0.21')), "they spent none of the address's allowance").toBe(401);
    });

    it("answers a new key's first request 200 from an address held back for made-up keys, however many it sends", async () => {
      const from = '127.0.0.22';
      const guesses = await Promise.all(Array.from({ length: MADE_UP }, (_, n) => check(gw, `psk_made_up_${n}`, from)));
      const looked = guesses.filter((answer) => statusOf(answer) === 401).length;
      expect(statusCounts(guesses), 'untagged made-up keys are held back as before').toEqual({ 401: looked, 429: MADE_UP - looked });
      expect(statusOf(await check(gw, 'psk_made_up_more', from)), 'the address is held back').toBe(429);

      const first = await newKey(gw);
      expect(statusOf(await check(gw, first.key, from)), 'a key never used before').toBe(200);
      const second = await newKey(gw);
      expect(statusOf(await check(gw, second.key, from)), 'and another: nothing was waited for').toBe(200);
      expect(statusOf(await check(gw, madeUpTagged(), from)), 'a made-up tagged key').toBe(401);
      expect(statusOf(await check(gw, 'psk_made_up_after', from)), 'while untagged guesses stay held back').toBe(429);
    });

    it('refuses a real key with one character of its tag or of its random part changed, as a made-up key', async () => {
      const { key } = await newKey(gw);
      const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
      for (const changed of [flip(key, key.length - 1), flip(key, 12)]) {
        const answer = await check(gw, changed, '127.0.0.23');
        expect([statusOf(answer), messageOf(answer)]).toEqual([401, UNKNOWN_KEY]);
      }
      expect(statusOf(await check(gw, key, '127.0.0.23'))).toBe(200);
    });

    it('still accepts keys of the older, untagged shape, looked up through the failed-key throttle as before', async () => {
      const from = '127.0.0.24';
      const older = await newKey(gw, { presetKey: untagged() });
      const chosen = await newKey(gw, { presetKey: 'dev-key-0123456789abcdef' });
      expect([statusOf(await check(gw, older.key, from)), statusOf(await check(gw, chosen.key, from))]).toEqual([200, 200]);
      const guesses = await Promise.all(Array.from({ length: MADE_UP }, (_, n) => check(gw, `psk_older_${n}`, from)));
      expect(statusCounts(guesses)[429], 'the address is held back').toBeGreaterThan(0);
      expect([statusOf(await check(gw, older.key, from)), statusOf(await check(gw, chosen.key, from))], 'keys it has seen').toEqual([200, 200]);
      const unseen = await newKey(gw, { presetKey: untagged() });
      expect(statusOf(await check(gw, unseen.key, from)), 'an untagged key never seen waits for the next probe').toBe(429);
    });
  });
}

describe('the embedded store with a development key chosen by the operator', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ mongodbUri: null, env: { PETSTORE_DEV_API_KEY: 'dev-key-0123456789abcdef' } });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('accepts it: any text an operator chose is an untagged key', async () => {
    expect(statusOf(await check(gw, 'dev-key-0123456789abcdef'))).toBe(200);
  });
});

// Pausing a database of its own needs FerretDB (so Go).
const go = await hasGo();

describe.skipIf(!go)('made-up tagged keys while the database does not answer', () => {
  let db: TestDatabaseServer;
  let gw: TestGateway;
  beforeAll(async () => {
    db = await startFerretDB();
    gw = await startTestGateway({
      mongodbUri: db.uri,
      env: { MONGODB_TIMEOUT_MS: '1000', PETSTORE_KEY_CACHE_SECONDS: '0', PETSTORE_RATE_LIMIT: '0' },
    });
  }, 120_000);
  afterAll(async () => {
    db?.resume();
    await gw?.close();
    await db?.dispose();
  });

  it('answers them 401 at once, without a lookup, while an untagged made-up key waits for the database and answers 503', async () => {
    expect(statusOf(await check(gw, gw.apiKey))).toBe(200);
    await db.pause();
    try {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => check(gw, madeUpTagged())));
      expect(statusCounts(answers)).toEqual({ 401: 20 });
      expect(performance.now() - started, 'none waited for the database').toBeLessThan(1000);
      expect(statusOf(await check(gw, untagged())), 'an untagged key is looked up').toBe(503);
    } finally {
      db.resume();
    }
    expect(statusOf(await check(gw, gw.apiKey))).toBe(200);
  }, 60_000);
});

const mongodbUri = inject('mongodbUri');

describe.skipIf(!mongodbUri)('the tag secret of several instances on one database', () => {
  const env = { MONGODB_URI: mongodbUri ?? '', MONGODB_DB: uniqueName('petstore_tags'), PETSTORE_RATE_LIMIT: '0' };
  const started: TestGateway[] = [];
  const start = async (secrets?: string): Promise<TestGateway> => {
    const gw = await startTestGateway({ mongodbUri: null, env: { ...env, ...(secrets !== undefined && { PETSTORE_KEY_TAG_SECRETS: secrets }) } });
    started.push(gw);
    return gw;
  };
  afterAll(async () => {
    await Promise.all(started.map((gw) => gw.close()));
  });
  const OLD = `old-${'o'.repeat(40)}`;
  const NEW = `new-${'n'.repeat(40)}`;

  it('lets instances started together agree on the secret stored in the database, and each accept the keys made on the other', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    if (!a || !b) throw new Error('two instances');
    const [onA, onB] = [await newKey(a), await newKey(b)];
    expect([statusOf(await check(b, onA.key)), statusOf(await check(a, onB.key))]).toEqual([200, 200]);
  }, 60_000);

  it('rotates: a key made under an older secret works while it is listed after the new one, and so does a key made under the stored one', async () => {
    const stored = await start();
    const underStored = await newKey(stored);
    const old = await start(OLD);
    const underOld = await newKey(old);
    expect(statusOf(await check(old, underStored.key)), 'the stored secret still checks keys once secrets are configured').toBe(200);

    const rotated = await start(`${NEW},${OLD}`);
    const underNew = await newKey(rotated);
    for (const { key } of [underStored, underOld, underNew]) expect(statusOf(await check(rotated, key))).toBe(200);
    const unknownThere = await check(old, underNew.key);
    expect([statusOf(unknownThere), messageOf(unknownThere)], 'an instance that does not know the new secret yet').toEqual([401, UNKNOWN_KEY]);
  }, 60_000);
});
