import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CATALOGUE,
  DomainError,
  FixedWindowRateLimiter,
  UsageMeter,
  fixedClock,
  type Principal,
  type RateLimitDecision,
  type RateLimiter,
} from '@petstore/domain';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBaseApp } from '../base-app.js';
import { createHttpShell } from '../shell/http-shell.js';
import { PetstoreMetrics } from '../shell/metrics.js';
import { createEnvelope, type RequestOperation } from './envelope.js';

/** A budget kept elsewhere (a database, say): every decision arrives as a promise. */
class AsyncBudget implements RateLimiter {
  readonly charged: Array<[string, number]> = [];
  constructor(private left: number) {}
  async consume(subject: string, cost: number, limit: number): Promise<RateLimitDecision> {
    await new Promise((resolve) => setImmediate(resolve));
    const allowed = cost <= this.left;
    if (allowed && cost > 0) {
      this.left -= cost;
      this.charged.push([subject, cost]);
    }
    return { allowed, limit, remaining: this.left, resetSeconds: 42, windowSeconds: 60 };
  }
}

const BOTH: Principal = { accountId: 'a', keyId: 'k', scopes: ['pets:read', 'pets:write'], rateLimit: null, lineageId: 'k', kind: 'secret' };
const list = (calls = 1): RequestOperation => ({ name: 'listPets', operation: CATALOGUE.listPets, calls });
const create: RequestOperation = { name: 'createPet', operation: CATALOGUE.createPet, calls: 1 };

interface Served {
  /** What the door's one route asks the envelope to admit. */
  operations?: readonly RequestOperation[];
  /** Who `Bearer good` is. */
  principal?: Principal;
  defaultRateLimit?: number;
  browserKeyClientLimit?: number;
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A door at /door whose one route admits its operations and answers, mounted as every door is, on an app built on the HTTP shell. */
async function serveEnvelope(limiter: RateLimiter, served: Served = {}) {
  const { operations = [list()], principal = BOTH } = served;
  const checks: Array<string | undefined> = [];
  const bodiesRead: unknown[] = [];
  const logger = pino({ level: 'silent' });
  const envelope = createEnvelope({
    authenticate: async (authorization) => {
      checks.push(authorization);
      if (authorization !== 'Bearer good') throw new DomainError('unauthorized', 'no');
      return principal;
    },
    rateLimiter: limiter,
    defaultRateLimit: served.defaultRateLimit ?? 10,
    browserKeyClientLimit: served.browserKeyClientLimit,
  });
  const shell = createHttpShell({
    logger,
    metrics: new PetstoreMetrics({ processMetrics: false }),
    usage: new UsageMeter({ now: Date.now }),
    corsOrigins: [],
    https: false,
    bodyLimits: { maxBytes: 1024, timeoutMs: 10_000 },
  });
  const app = createBaseApp({ shell });
  app.mount(
    { envelope, logger },
    {
      door: 'rest',
      prefix: '/door',
      routes: async (exchange, next) => {
        if (exchange.path !== '/door') {
          await next();
          return;
        }
        await envelope.admit(exchange, operations);
        const body = exchange.method === 'POST' ? await exchange.json() : { ran: true };
        bodiesRead.push(body);
        exchange.send(200, ['Content-Type', 'application/json'], JSON.stringify(body));
      },
      problem: (problem) => ({ contentType: 'application/problem+json', body: { refused: problem.body.code, message: problem.body.message } }),
    },
  );
  server = createServer(app.listener());
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/door`;
  return { url, checks, bodiesRead };
}

const withKey = { headers: { Authorization: 'Bearer good' } };

describe('createEnvelope', () => {
  it('checks the key once and charges the whole cost through a limiter that answers asynchronously', async () => {
    const budget = new AsyncBudget(10);
    const { url, checks } = await serveEnvelope(budget, { operations: [list(2), list(1)] });
    const answer = await fetch(url, { headers: { Authorization: 'Bearer good' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-remaining')).toBe('7');
    expect(checks).toEqual(['Bearer good']);
    expect(budget.charged).toEqual([['k', 3]]);
  });

  it('refuses a request costing more than what is left, charging nothing, with Retry-After and what is left', async () => {
    const budget = new AsyncBudget(2);
    const { url } = await serveEnvelope(budget, { operations: [list(3)] });
    const answer = await fetch(url, { headers: { Authorization: 'Bearer good' } });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('42');
    expect(answer.headers.get('ratelimit-remaining')).toBe('2');
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await answer.json()).toMatchObject({ refused: 'rate_limited' });
    expect(budget.charged).toEqual([]);
  });

  it('charges nothing for a request whose key is refused, and says which scheme to use', async () => {
    const budget = new AsyncBudget(10);
    const { url } = await serveEnvelope(budget);
    const answer = await fetch(url, { headers: { Authorization: 'Bearer bad' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
    expect(answer.headers.get('ratelimit-remaining')).toBeNull();
    expect(budget.charged).toEqual([]);
  });

  it('checks the key before any other refusal under the door, and shows the standing on a refusal that charged nothing', async () => {
    const budget = new AsyncBudget(10);
    const { url, checks } = await serveEnvelope(budget);
    const unknownWithoutKey = await fetch(`${url}/nothing-here`);
    expect(unknownWithoutKey.status).toBe(401);
    expect(await unknownWithoutKey.json()).toMatchObject({ refused: 'unauthorized' });
    const unknownWithKey = await fetch(`${url}/nothing-here`, { headers: { Authorization: 'Bearer good' } });
    expect(unknownWithKey.status).toBe(404);
    expect(unknownWithKey.headers.get('ratelimit-remaining')).toBe('10');
    expect(checks).toEqual([undefined, 'Bearer good']);
    expect(budget.charged).toEqual([]);
  });

  it('refuses a body in any content coding but identity with 415, after the key check', async () => {
    const { url } = await serveEnvelope(new AsyncBudget(10));
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"a":1}' });
    expect((await post({ 'Content-Encoding': 'gzip' })).status).toBe(401);
    const gzip = await post({ Authorization: 'Bearer good', 'Content-Encoding': 'gzip' });
    expect(gzip.status).toBe(415);
    expect(await gzip.json()).toMatchObject({ refused: 'unsupported_media_type' });
    const identity = await post({ Authorization: 'Bearer good', 'Content-Encoding': 'identity' });
    expect(await identity.json()).toEqual({ a: 1 });
  });

  it('refuses a request with any operation its key lacks the scope of with 403, whole: nothing runs, is read or is charged', async () => {
    const budget = new AsyncBudget(10);
    const readOnly: Principal = { ...BOTH, scopes: ['pets:read'] };
    const { url, bodiesRead } = await serveEnvelope(budget, { operations: [list(), create, list()], principal: readOnly });
    const answer = await fetch(url, { method: 'POST', headers: { ...withKey.headers, 'Content-Type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      refused: 'forbidden',
      message: 'this API key lacks the pets:write scope that createPet needs (it has: pets:read)',
    });
    expect(answer.headers.get('ratelimit-remaining')).toBe('10');
    expect(bodiesRead).toEqual([]);
    expect(budget.charged).toEqual([]);
  });

  it('admits what needs no scope at no cost, whatever scopes the key holds', async () => {
    const budget = new AsyncBudget(10);
    const writeOnly: Principal = { ...BOTH, scopes: ['pets:write'] };
    const { url } = await serveEnvelope(budget, { operations: [{ name: '__typename', operation: null, calls: 0 }], principal: writeOnly });
    const answer = await fetch(url, withKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-remaining')).toBe('10');
    expect(budget.charged).toEqual([]);
  });

  it("charges against the key's own limit when it has one, even where the service sets none", async () => {
    const budget = new AsyncBudget(10);
    const own: Principal = { ...BOTH, rateLimit: 7 };
    const { url } = await serveEnvelope(budget, { principal: own, defaultRateLimit: 0 });
    const answer = await fetch(url, withKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-limit')).toBe('7');
    expect(answer.headers.get('ratelimit-policy')).toBe('"per-key";q=7;w=60');
    expect(budget.charged).toEqual([['k', 1]]);
  });

  it('charges nothing, and shows no standing, for a key without a limit of its own where the service sets none', async () => {
    const budget = new AsyncBudget(10);
    const { url } = await serveEnvelope(budget, { defaultRateLimit: 0 });
    const answer = await fetch(url, withKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
    expect(budget.charged).toEqual([]);
  });
});

describe('a browser key in the envelope', () => {
  const browser: Principal = { ...BOTH, scopes: ['pets:read'], kind: 'browser', keyId: 'b', lineageId: 'b' };
  /** Counts every subject charged, as the shared limiter would, in memory. */
  const counting = () => {
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock: fixedClock(new Date('2026-01-01T00:00:30Z')) });
    const subjects: string[] = [];
    return {
      subjects,
      limiter: { consume: (subject: string, cost: number, limit: number) => (subjects.push(subject), limiter.consume(subject, cost, limit)) },
    };
  };

  it("is charged per client address on top of the key's budget, and refused past it without charging the key", async () => {
    const { limiter, subjects } = counting();
    const { url } = await serveEnvelope(limiter, { principal: browser, browserKeyClientLimit: 2, defaultRateLimit: 10 });
    const first = await fetch(url, withKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining'), 'the tighter of the two').toBe('1');
    expect((await fetch(url, withKey)).status).toBe(200);
    const refused = await fetch(url, withKey);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toMatchObject({
      refused: 'rate_limited',
      message: expect.stringContaining('for this browser key from this client address'),
    });
    expect(subjects).toEqual(['b client 127.0.0.1', 'b', 'b client 127.0.0.1', 'b', 'b client 127.0.0.1']);
  });

  it("leaves a secret key's charge alone: one subject, its lineage", async () => {
    const { limiter, subjects } = counting();
    const { url } = await serveEnvelope(limiter, { browserKeyClientLimit: 2, defaultRateLimit: 10 });
    for (let n = 0; n < 3; n += 1) expect((await fetch(url, withKey)).status).toBe(200);
    expect(subjects).toEqual(['k', 'k', 'k']);
  });

  it('charges a browser key its budget alone when the per-client limit is off', async () => {
    const { limiter, subjects } = counting();
    const { url } = await serveEnvelope(limiter, { principal: browser, browserKeyClientLimit: 0 });
    expect((await fetch(url, withKey)).status).toBe(200);
    expect(subjects).toEqual(['b']);
  });
});
