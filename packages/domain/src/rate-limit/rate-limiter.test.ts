import { describe, expect, it } from 'vitest';
import type { Clock } from '../clock/clock.js';
import { FixedWindowRateLimiter } from './rate-limiter.js';

const movableClock = (start: string) => {
  let now = new Date(start).getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
};

describe('FixedWindowRateLimiter', () => {
  it('allows the limit within a window and refuses the next request with the seconds to wait', () => {
    const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ limit: 3, windowSeconds: 60, clock });
    expect([1, 2, 3].map(() => limiter.consume('k').allowed)).toEqual([true, true, true]);
    advance(15_000);
    const refused = limiter.consume('k');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3, resetSeconds: 45 });
  });

  it('counts each subject on its own', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowSeconds: 60, clock });
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('b').allowed).toBe(true);
    expect(limiter.consume('a').allowed).toBe(false);
  });

  it('starts a fresh budget when the window ends', () => {
    const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowSeconds: 10, clock });
    limiter.consume('k');
    expect(limiter.consume('k').allowed).toBe(false);
    advance(10_000);
    expect(limiter.consume('k')).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe('FixedWindowRateLimiter with a cost', () => {
  it('charges the whole cost, or refuses it and charges nothing', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ limit: 10, windowSeconds: 60, clock });
    expect(limiter.consume('k', 7)).toMatchObject({ allowed: true, remaining: 3 });
    expect(limiter.consume('k', 4)).toMatchObject({ allowed: false, remaining: 3 });
    expect(limiter.consume('k', 3)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('lets a request that costs nothing through an exhausted budget', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowSeconds: 60, clock });
    limiter.consume('k', 1);
    expect(limiter.consume('k', 0)).toMatchObject({ allowed: true, remaining: 0 });
  });
});
