import { DomainError, FixedWindowRateLimiter, type Clock, type RateLimiterFactory } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { createChallengeThrottle } from './challenge-budget.js';
import type { ChallengeThrottle } from './challenges.js';

const BUDGETS = { perClient: 3, total: 5, windowSeconds: 300 };
// 100 s into a 5-minute window: a refusal says to retry in 200 s.
const START = new Date('2026-01-01T00:01:40Z').getTime();

function throttleOf(sharedLimiter?: RateLimiterFactory) {
  let now = START;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, throttle: createChallengeThrottle({ clock, budgets: BUDGETS, sharedLimiter }), advance: (ms: number) => void (now += ms) };
}

/** How each start ended: 'ok', or the refusal's message and seconds to wait. */
async function start(throttle: ChallengeThrottle, address: string): Promise<string> {
  try {
    await throttle.admit(address);
    return 'ok';
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'rate_limited') throw error;
    expect(error.message, 'names no address').not.toMatch(/203\.0|198\.51/);
    return `${error.message.includes('from this address') ? 'client' : 'total'} ${error.retryAfterSeconds}`;
  }
}
const starts = (throttle: ChallengeThrottle, address: string, times: number) =>
  Promise.all(Array.from({ length: times }, () => start(throttle, address)));

describe('createChallengeThrottle', () => {
  it("admits a client's budget of concurrent starts, refuses the rest until the window ends, and serves another client", async () => {
    const { throttle, advance } = throttleOf();
    expect(await starts(throttle, '203.0.113.7', 5)).toEqual(['ok', 'ok', 'ok', 'client 200', 'client 200']);
    expect(await start(throttle, '198.51.100.20')).toBe('ok');
    advance(200_000);
    expect(await start(throttle, '203.0.113.7'), 'a new window').toBe('ok');
  });

  it('counts an IPv6 /64 as one client', async () => {
    const { throttle } = throttleOf();
    const results = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3', '2001:db8:1:2::4'])
      results.push(await start(throttle, address));
    expect(results).toEqual(['ok', 'ok', 'ok', 'client 200']);
  });

  it('caps the starts of every client together, and charges nothing to that cap for a start its client was refused', async () => {
    const { throttle } = throttleOf();
    expect(await starts(throttle, '203.0.113.7', 10), 'one client past its own budget').toEqual(['ok', 'ok', 'ok', ...Array(7).fill('client 200')]);
    expect(await starts(throttle, '198.51.100.1', 2)).toEqual(['ok', 'ok']);
    expect(await start(throttle, '198.51.100.2'), 'the total of 5 is spent').toBe('total 200');
  });

  it('shares both budgets with the other instances through the shared limiter, which is given no address', async () => {
    const { clock } = throttleOf();
    const store = new FixedWindowRateLimiter({ windowSeconds: BUDGETS.windowSeconds, clock });
    const seen: string[] = [];
    const shared: RateLimiterFactory = () => ({
      consume: async (subject, cost, limit) => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(subject);
        return store.consume(subject, cost, limit);
      },
    });
    const instances = [1, 2].map(() => createChallengeThrottle({ clock, budgets: BUDGETS, sharedLimiter: shared }));
    const results = (await Promise.all(instances.map((instance) => starts(instance, '203.0.113.7', 3)))).flat();
    expect(results.filter((result) => result === 'ok')).toHaveLength(3);
    expect(results.filter((result) => result === 'client 200')).toHaveLength(3);
    expect(seen.join(' ')).not.toMatch(/203\.0/);
  });
});
