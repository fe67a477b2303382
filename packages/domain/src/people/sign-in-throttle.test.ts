import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { FixedWindowRateLimiter, type RateLimitDecision, type RateLimiter } from '../rate-limit/rate-limiter.js';
import { movableClock } from '../testing/movable-clock.js';
import type { RateLimiterFactory } from '../rate-limit/budget-charger.js';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle.js';

const BUDGETS = { perEmailAndClient: 3, perClient: 5, windowSeconds: 900 };
// 100 s into a 15-minute window: a refusal says to retry in 800 s.
const START = '2026-01-01T00:01:40Z';

const throttleOf = (sharedLimiter?: RateLimiterFactory) => {
  const { clock, advance } = movableClock(START);
  return { throttle: createSignInThrottle({ clock, budgets: BUDGETS, sharedLimiter }), advance, clock };
};

/** How each attempt ended: 'ok', or the seconds a refusal says to wait. */
const attempt = async (throttle: SignInThrottle, email: string, address: string): Promise<'ok' | number> => {
  try {
    await throttle.admit(email, address);
    return 'ok';
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'rate_limited') throw error;
    expect(error.message, 'names neither the email nor the address').not.toMatch(/ada|203\.0/i);
    return error.retryAfterSeconds ?? -1;
  }
};
const attempts = (throttle: SignInThrottle, email: string, address: string, times: number) =>
  Promise.all(Array.from({ length: times }, () => attempt(throttle, email, address)));

/** A limiter on another "instance" that answers a turn later, as one over a database does. */
const answeringLater = (limiter: RateLimiter): RateLimiter => ({
  consume: async (subject, cost, limit) => {
    await new Promise((resolve) => setImmediate(resolve));
    return limiter.consume(subject, cost, limit);
  },
});

describe('createSignInThrottle', () => {
  it('admits the allowance for one email from one client, then refuses until the window ends', async () => {
    const { throttle, advance } = throttleOf();
    expect(await attempts(throttle, 'ada@example.com', '203.0.113.7', 5)).toEqual(['ok', 'ok', 'ok', 800, 800]);
    advance(799_000);
    expect(await attempt(throttle, 'ada@example.com', '203.0.113.7')).toBe(1);
    advance(1_000);
    expect(await attempt(throttle, 'ada@example.com', '203.0.113.7'), 'a new window').toBe('ok');
  });

  it("lets the owner in from another client while one client has spent the email's budget", async () => {
    const { throttle } = throttleOf();
    await attempts(throttle, 'ada@example.com', '203.0.113.7', 10);
    expect(await attempt(throttle, 'ada@example.com', '198.51.100.20')).toBe('ok');
    expect(await attempt(throttle, 'ada@example.com', '2001:db8:1:2::99')).toBe('ok');
  });

  it('takes an email whatever its case and surrounding spaces as the same email', async () => {
    const { throttle } = throttleOf();
    const results = [];
    for (const email of ['ada@example.com', 'ADA@example.com', ' Ada@Example.com ', 'ada@EXAMPLE.COM']) {
      results.push(await attempt(throttle, email, '203.0.113.7'));
    }
    expect(results).toEqual(['ok', 'ok', 'ok', 800]);
  });

  it('counts an IPv6 /64 as one client and an IPv4-mapped address as its IPv4 address', async () => {
    const { throttle } = throttleOf();
    const sameSlash64 = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::2', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::3'];
    const results = [];
    for (const address of sameSlash64) results.push(await attempt(throttle, 'ada@example.com', address));
    expect(results).toEqual(['ok', 'ok', 'ok', 800]);
    expect(await attempt(throttle, 'ada@example.com', '2001:db8:1:3::1'), 'the next /64').toBe('ok');

    await attempts(throttle, 'bob@example.com', '203.0.113.7', 3);
    expect(await attempt(throttle, 'bob@example.com', '::ffff:203.0.113.7')).toBe(800);
  });

  it('holds one client to its spraying budget across emails, and only that client', async () => {
    const { throttle } = throttleOf();
    const emails = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com', 'f@example.com'];
    const results = [];
    for (const email of emails) results.push(await attempt(throttle, email, '203.0.113.7'));
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 800]);
    expect(await attempt(throttle, 'f@example.com', '198.51.100.20'), 'another client').toBe('ok');
  });

  it("charges an attempt that names no email to the client's budget alone, the one attempts at emails spend", async () => {
    const { throttle } = throttleOf();
    const noEmail = () =>
      throttle.admitClient('203.0.113.7').then(
        () => 'ok',
        (error: unknown) => (error instanceof DomainError ? error.retryAfterSeconds : error),
      );
    expect([await noEmail(), await noEmail(), await noEmail()]).toEqual(['ok', 'ok', 'ok']);
    expect(await attempts(throttle, 'ada@example.com', '203.0.113.7', 3)).toEqual(['ok', 'ok', 800]);
    expect(await noEmail()).toBe(800);
    expect(await throttle.admitClient('198.51.100.20').then(() => 'ok'), 'another client').toBe('ok');
  });

  it('charges every attempt before it returns: of many at once, the allowance passes', async () => {
    const { throttle } = throttleOf();
    const results = await attempts(throttle, 'ada@example.com', '203.0.113.7', 300);
    expect(results.filter((result) => result === 'ok')).toHaveLength(3);
  });

  it('holds the allowance in this process even when the shared limiter admits everything', async () => {
    const admitsAll: RateLimiter = { consume: (_subject, _cost, limit) => Promise.resolve(decision(true, limit)) };
    const { throttle } = throttleOf(() => admitsAll);
    const results = await attempts(throttle, 'ada@example.com', '203.0.113.7', 300);
    expect(results.filter((result) => result === 'ok')).toHaveLength(3);
  });

  it('shares the budgets with the other instances through the shared limiter, refusing as it does', async () => {
    const { clock } = movableClock(START);
    // One shared store of budgets; each instance reaches it a turn later.
    const store = new FixedWindowRateLimiter({ windowSeconds: 900, clock });
    const seen: string[] = [];
    const shared: RateLimiterFactory = (window) => {
      expect(window.windowSeconds).toBe(900);
      return answeringLater({ consume: (subject, cost, limit) => (seen.push(subject), store.consume(subject, cost, limit)) });
    };
    const instances = [1, 2, 3].map(() => createSignInThrottle({ clock, budgets: BUDGETS, sharedLimiter: shared }));
    const results = await Promise.all(instances.flatMap((instance) => attempts(instance, 'ada@example.com', '203.0.113.7', 100)));
    expect(results.flat().filter((result) => result === 'ok')).toHaveLength(3);
    expect(results.flat().filter((result) => result === 800)).toHaveLength(297);
    expect(seen.join(' '), 'the shared limiter (a database) is given no email or address').not.toMatch(/ada|203\.0/);
  });

  it('refuses when the shared limiter does, with its time to retry', async () => {
    const refusesAll: RateLimiter = { consume: (_subject, _cost, limit) => ({ ...decision(false, limit), resetSeconds: 42 }) };
    const { throttle } = throttleOf(() => refusesAll);
    expect(await attempt(throttle, 'ada@example.com', '203.0.113.7')).toBe(42);
  });
});

function decision(allowed: boolean, limit: number): RateLimitDecision {
  return { allowed, limit, remaining: allowed ? limit : 0, resetSeconds: 800, windowSeconds: 900 };
}
