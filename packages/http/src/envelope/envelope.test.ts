import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError, type RateLimitDecision, type RateLimiter } from '@petstore/domain';
import Koa from 'koa';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../error-envelope.js';
import { requestListener } from '../request-listener.js';
import { createEnvelope } from './envelope.js';

/** A budget kept elsewhere (a database, say): every decision arrives as a promise. */
class AsyncBudget implements RateLimiter {
  readonly charged: Array<[string, number]> = [];
  constructor(private left: number) {}
  async consume(subject: string, cost: number): Promise<RateLimitDecision> {
    await new Promise((resolve) => setImmediate(resolve));
    const allowed = cost <= this.left;
    if (allowed) {
      this.left -= cost;
      this.charged.push([subject, cost]);
    }
    return { allowed, limit: 10, remaining: this.left, resetSeconds: 42, windowSeconds: 60 };
  }
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serveEnvelope(limiter: RateLimiter, cost: number) {
  const checks: Array<string | undefined> = [];
  const envelope = createEnvelope({
    authenticate: async (authorization) => {
      checks.push(authorization);
      if (authorization !== 'Bearer good') throw new DomainError('unauthorized', 'no');
      return { accountId: 'a', keyId: 'k', scopes: ['pets:read', 'pets:write'], rateLimit: null };
    },
    rateLimiter: limiter,
    defaultRateLimit: 10,
    maxBodyBytes: 1024,
  });
  const app = new Koa();
  app.use(errorEnvelope(pino({ level: 'silent' })));
  app.use(envelope.admitting(cost));
  app.use((ctx) => {
    ctx.body = { ran: true };
  });
  server = createServer(requestListener(app));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, checks };
}

describe('createEnvelope', () => {
  it('checks the key once and charges the whole cost through a limiter that answers asynchronously', async () => {
    const budget = new AsyncBudget(10);
    const { url, checks } = await serveEnvelope(budget, 3);
    const answer = await fetch(url, { headers: { Authorization: 'Bearer good' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-remaining')).toBe('7');
    expect(checks).toEqual(['Bearer good']);
    expect(budget.charged).toEqual([['k', 3]]);
  });

  it('refuses a request costing more than what is left, charging nothing, with Retry-After and what is left', async () => {
    const budget = new AsyncBudget(2);
    const { url } = await serveEnvelope(budget, 3);
    const answer = await fetch(url, { headers: { Authorization: 'Bearer good' } });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('42');
    expect(answer.headers.get('ratelimit-remaining')).toBe('2');
    expect(await answer.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(budget.charged).toEqual([]);
  });

  it('charges nothing for a request whose key is refused, and says which scheme to use', async () => {
    const budget = new AsyncBudget(10);
    const { url } = await serveEnvelope(budget, 1);
    const answer = await fetch(url, { headers: { Authorization: 'Bearer bad' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
    expect(answer.headers.get('ratelimit-remaining')).toBeNull();
    expect(budget.charged).toEqual([]);
  });
});
