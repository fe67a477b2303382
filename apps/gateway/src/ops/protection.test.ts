import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, operatorOn } from '@petstore/domain';
import { startTestGateway } from '../testing/start-gateway.js';
import { doorAt, DOOR_NAMES, listAll, type DoorName } from '../testing/doors/doors.js';
import { startOpsGateway, type OpsGateway } from './testing/ops-gateway.js';

const RATE_HEADERS = ['ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

describe('one rate limit per key across the doors', () => {
  let gw: OpsGateway;
  beforeAll(async () => {
    gw = await startOpsGateway({ env: { PETSTORE_RATE_LIMIT: '5', PETSTORE_RATE_WINDOW_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await gw.close();
  });
  const freshKey = async () => {
    const account = await gw.runtime.accounts.createAccount('rate');
    return (await gw.runtime.keys.createKey(operatorOn(account.id))).key;
  };

  it.each(DOOR_NAMES)('refuses the 6th request of a key when it comes through %s, after five spread over all doors', async (last) => {
    const key = await freshKey();
    const spread: DoorName[] = ['rest', 'graphql', 'trpc', 'rest', 'graphql'];
    for (const [index, door] of spread.entries()) {
      const answer = await doorAt(gw.baseUrl, door).page({ key });
      expect(answer.status, door).toBe(200);
      for (const name of RATE_HEADERS) expect(answer.headers.get(name), `${door} ${name}`).not.toBeNull();
      expect(answer.headers.get('ratelimit-remaining'), door).toBe(String(4 - index));
    }
    const refused = await doorAt(gw.baseUrl, last).page({ key });
    expect(refused.status).toBe(429);
    expect(refused.errorCode).toBe({ rest: 'rate_limited', graphql: 'RATE_LIMITED', trpc: 'TOO_MANY_REQUESTS' }[last]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-policy')).toBe('"per-key";q=5;w=3600');
  });

  it('counts a create like any other request', async () => {
    const key = await freshKey();
    for (const door of DOOR_NAMES) expect((await doorAt(gw.baseUrl, door).create({ key }, { name: 'Budget', categoryId: 1 })).ids).toHaveLength(1);
    expect((await doorAt(gw.baseUrl, 'trpc').page({ key })).status).toBe(200);
    expect((await doorAt(gw.baseUrl, 'graphql').page({ key })).status).toBe(200);
    const refused = await doorAt(gw.baseUrl, 'rest').create({ key }, { name: 'One too many', categoryId: 1 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });
});

describe('failed key checks per client address', () => {
  // A clock that stands still, so the minute the failures are counted in cannot end mid-test.
  const clock = fixedClock(new Date('2026-01-01T00:00:10Z'));
  const start = (env: Record<string, string>) =>
    startTestGateway({ mongodbUri: null, clock, env: { PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: '3', ...env } });
  const check = (baseUrl: string, key: string, door: DoorName = 'rest', forwardedFor?: string) =>
    doorAt(baseUrl, door).page({ key }, {}, forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor });

  it('answers 429 with Retry-After to made-up keys from an address past its failures, on every door, and never to a real key', async () => {
    const gw = await start({});
    try {
      expect((await check(gw.baseUrl, gw.apiKey)).status, 'a real key, used before the guessing').toBe(200);
      for (let n = 0; n < 3; n += 1) expect((await check(gw.baseUrl, `psk_guess_${n}`)).status).toBe(401);
      expect((await check(gw.baseUrl, 'psk_guess_probe')).status, 'past the allowance, one lookup per 5 s').toBe(401);
      for (const door of DOOR_NAMES) {
        const refused = await check(gw.baseUrl, 'psk_guess_again', door);
        expect(refused.status, door).toBe(429);
        expect(refused.errorCode).toBe({ rest: 'rate_limited', graphql: 'RATE_LIMITED', trpc: 'TOO_MANY_REQUESTS' }[door]);
        expect(Number(refused.headers.get('retry-after')), door).toBe(5);
        expect((await check(gw.baseUrl, gw.apiKey, door)).status, `the real key from there too, through ${door}`).toBe(200);
      }
    } finally {
      await gw.close();
    }
  });

  it('ignores X-Forwarded-For unless PETSTORE_TRUST_PROXY, and with true believes only the address the proxy appended', async () => {
    const guess = (baseUrl: string, forwardedFor?: string) => check(baseUrl, `psk_guess_${Math.random()}`, 'rest', forwardedFor);
    const untrusting = await start({});
    try {
      for (let n = 0; n < 4; n += 1) expect((await guess(untrusting.baseUrl, `198.51.100.${n}`)).status).toBe(401);
      expect((await guess(untrusting.baseUrl, '198.51.100.99')).status).toBe(429);
    } finally {
      await untrusting.close();
    }
    const trusting = await start({ PETSTORE_TRUST_PROXY: 'true' });
    try {
      for (let n = 0; n < 4; n += 1) expect((await guess(trusting.baseUrl, `10.0.0.${n}, 203.0.113.5`)).status).toBe(401);
      expect((await guess(trusting.baseUrl, '203.0.113.5')).status, 'the same client').toBe(429);
      expect((await guess(trusting.baseUrl, '203.0.113.6')).status, 'another client').toBe(401);
      expect((await guess(trusting.baseUrl)).status, 'the balancer itself').toBe(401);
    } finally {
      await trusting.close();
    }
  });
});

/** The warnings the gateway logged about `variable` from its start to its first request, started with `env`. */
async function startUpWarningsAbout(variable: string, env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const gw = await startOpsGateway({ env });
  try {
    expect((await fetch(`${gw.baseUrl}/healthz`)).status).toBe(200);
    // The log is written as each turn of the event loop ends: the request's line shows it was.
    await new Promise((resolve) => setImmediate(resolve));
    expect(gw.requestLogs()).toHaveLength(1);
    return gw.readLog().filter((line) => line['level'] === 40 && String(line['msg']).includes(variable));
  } finally {
    await gw.close();
  }
}

describe('the start-up warning of a hop count in PETSTORE_TRUST_PROXY', () => {
  const warningsWith = (trust: string | undefined) =>
    startUpWarningsAbout('PETSTORE_TRUST_PROXY', trust === undefined ? {} : { PETSTORE_TRUST_PROXY: trust });

  it.each(['1', 'true', '2'])(
    'warns, with %s, that X-Forwarded-For is then believed from anyone who reaches the service, and names the preferred form',
    async (trust) => {
      const [warning, ...more] = await warningsWith(trust);
      expect(more).toEqual([]);
      expect(warning).toMatchObject({ component: 'config', hops: trust === 'true' ? 1 : Number(trust) });
      expect(warning?.['msg']).toMatch(/reachable only through/);
      expect(warning?.['msg']).toMatch(/addresses or ranges/);
    },
  );

  it.each([undefined, 'false', '10.0.0.0/8,fd00::/8', '127.0.0.1'])('says nothing with %s', async (trust) => {
    expect(await warningsWith(trust)).toEqual([]);
  });
});

describe('the start-up warning of a service outside development without PUBLIC_BASE_URL', () => {
  // No drain before closing (5 s by default outside development): nothing balances these.
  const staging = { PETSTORE_ENV: 'staging', PETSTORE_SHUTDOWN_DRAIN_SECONDS: '0' };

  it('warns in staging that every absolute URL would name localhost and the session cookie is not Secure', async () => {
    const [warning, ...more] = await startUpWarningsAbout('PUBLIC_BASE_URL', staging);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ component: 'config', origin: expect.stringMatching(/^http:\/\/localhost:\d+$/) });
    expect(warning?.['msg']).toMatch(/Location and Link headers, mailed links and passkeys name http:\/\/localhost:\d+/);
    expect(warning?.['msg']).toMatch(/not Secure/);
  });

  it.each([
    ['in staging with PUBLIC_BASE_URL', { ...staging, PUBLIC_BASE_URL: 'https://staging.petstore.example' }],
    ['in development without it', {}],
  ])('says nothing %s', async (_, env) => {
    expect(await startUpWarningsAbout('PUBLIC_BASE_URL', env)).toEqual([]);
  });
});

describe('Idempotency-Key on every door', () => {
  let gw: OpsGateway;
  beforeAll(async () => {
    gw = await startOpsGateway();
  });
  afterAll(async () => {
    await gw.close();
  });

  it.each(DOOR_NAMES)('a create retried through %s with the same key and body returns the same pet, stored once', async (door) => {
    const key = `retry-${door}-${Date.now()}`;
    const pet = { name: `Once through ${door}`, categoryId: 41, status: 'pending' as const };
    const first = await doorAt(gw.baseUrl, door).create({ key: gw.apiKey }, pet, { 'Idempotency-Key': key });
    const second = await doorAt(gw.baseUrl, door).create({ key: gw.apiKey }, pet, { 'Idempotency-Key': key });
    expect(first.ids).toHaveLength(1);
    expect(second.ids).toEqual(first.ids);
    const listed = await listAll(doorAt(gw.baseUrl, door), { key: gw.apiKey });
    expect(listed.filter((id) => id === first.ids[0])).toHaveLength(1);
  });

  it('the same key is the same pet whichever door the retry takes', async () => {
    const key = `cross-door-${Date.now()}`;
    const pet = { name: 'Door hopper', categoryId: 7 };
    const ids = await Promise.all(DOOR_NAMES.map((door) => doorAt(gw.baseUrl, door).create({ key: gw.apiKey }, pet, { 'Idempotency-Key': key })));
    expect(new Set(ids.map((answer) => answer.ids[0])).size).toBe(1);
  });

  it.each([
    ['rest', 409, 'conflict'],
    ['graphql', 200, 'CONFLICT'],
    ['trpc', 409, 'CONFLICT'],
  ] as const)('refuses the same key with another body through %s, saying why', async (door, status, code) => {
    const key = `conflict-${door}-${Date.now()}`;
    expect(
      (await doorAt(gw.baseUrl, door).create({ key: gw.apiKey }, { name: 'First', categoryId: 1 }, { 'Idempotency-Key': key })).ids,
    ).toHaveLength(1);
    const refused = await doorAt(gw.baseUrl, door).create({ key: gw.apiKey }, { name: 'Second', categoryId: 1 }, { 'Idempotency-Key': key });
    expect(refused.status).toBe(status);
    expect(refused.errorCode).toBe(code);
    expect(JSON.stringify(refused.body)).toContain('Idempotency-Key');
    if (door === 'rest') expect(refused.body).toEqual({ code: 'conflict', message: expect.stringContaining('Idempotency-Key'), status: 409 });
  });

  it.each(DOOR_NAMES)('refuses a malformed key through %s', async (door) => {
    const refused = await doorAt(gw.baseUrl, door).create(
      { key: gw.apiKey },
      { name: 'Bad key', categoryId: 1 },
      { 'Idempotency-Key': 'has spaces in it' },
    );
    expect(refused.ids).toEqual([]);
    expect(JSON.stringify(refused.body)).toContain('Idempotency-Key');
  });
});

describe('size limits', () => {
  let gw: OpsGateway;
  beforeAll(async () => {
    gw = await startOpsGateway({ env: { PETSTORE_MAX_BODY_BYTES: '1024', PETSTORE_MAX_HEADER_BYTES: '4096' } });
  });
  afterAll(async () => {
    await gw.close();
  });
  const big = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes), categoryId: 1 });
  const post = (path: string, body: string) =>
    fetch(`${gw.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${gw.apiKey}`, 'Content-Type': 'application/json' }, body });

  it('refuses a REST body over PETSTORE_MAX_BODY_BYTES with 413', async () => {
    const response = await post('/v1/pets', big(2000));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('refuses a GraphQL body over the limit with 413', async () => {
    const response = await post('/graphql', JSON.stringify({ query: `{ pets { id } } #${'x'.repeat(2000)}` }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a tRPC body over its batch allowance (10 × the limit) with 413', async () => {
    const response = await post('/trpc/pets.create', big(12_000));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { data: { code: string } } }).error.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses request headers over PETSTORE_MAX_HEADER_BYTES with a JSON 431', async () => {
    const answer = await new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const req = request(`${gw.baseUrl}/v1/pets`, { headers: { 'X-Padding': 'p'.repeat(6000), Authorization: `Bearer ${gw.apiKey}` } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ code: 'headers_too_large', message: expect.any(String), status: 431 });
  });

  it('answers a request that is not HTTP with a JSON 400 and closes the connection', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(gw.baseUrl).port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({ code: 'invalid_request', message: expect.any(String), status: 400 });
  });
});
