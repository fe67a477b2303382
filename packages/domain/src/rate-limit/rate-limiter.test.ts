import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { FixedWindowRateLimiter } from './rate-limiter.js';

describe('FixedWindowRateLimiter', () => {
  it('allows the limit within a window and refuses the next request with the seconds to wait', () => {
    const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    expect([1, 2, 3].map(() => limiter.consume('k', 1, 3).allowed)).toEqual([true, true, true]);
    advance(15_000);
    const refused = limiter.consume('k', 1, 3);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3, resetSeconds: 45 });
  });

  it('counts each subject on its own', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    expect(limiter.consume('a', 1, 1).allowed).toBe(true);
    expect(limiter.consume('b', 1, 1).allowed).toBe(true);
    expect(limiter.consume('a', 1, 1).allowed).toBe(false);
  });

  it('charges a cost of several units at once, or none of them when they do not fit', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    expect(limiter.consume('k', 3, 5)).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.consume('k', 3, 5)).toMatchObject({ allowed: false, remaining: 2 });
    expect(limiter.consume('k', 2, 5)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('starts a fresh budget when the window ends', () => {
    const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 10, clock });
    limiter.consume('k', 1, 1);
    expect(limiter.consume('k', 1, 1).allowed).toBe(false);
    advance(10_000);
    expect(limiter.consume('k', 1, 1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe('FixedWindowRateLimiter with a cost', () => {
  it('charges the whole cost, or refuses it and charges nothing', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    expect(limiter.consume('k', 7, 10)).toMatchObject({ allowed: true, remaining: 3 });
    expect(limiter.consume('k', 4, 10)).toMatchObject({ allowed: false, remaining: 3 });
    expect(limiter.consume('k', 3, 10)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('lets a request that costs nothing through an exhausted budget', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    limiter.consume('k', 1, 1);
    expect(limiter.consume('k', 0, 1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe('FixedWindowRateLimiter with a limit per subject', () => {
  it('holds each subject to the limit given with its charge, in the same window', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    expect([1, 2, 3].map(() => limiter.consume('partner', 1, 2).allowed)).toEqual([true, true, false]);
    expect(limiter.consume('partner', 0, 2)).toMatchObject({ limit: 2, remaining: 0, resetSeconds: 60 });
    expect(limiter.consume('default', 5, 10)).toMatchObject({ allowed: true, limit: 10, remaining: 5 });
  });

  it('applies a limit changed within the window to what the window has already counted', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const limiter = new FixedWindowRateLimiter({ windowSeconds: 60, clock });
    expect(limiter.consume('k', 8, 10)).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.consume('k', 1, 5)).toMatchObject({ allowed: false, limit: 5, remaining: 0 });
    expect(limiter.consume('k', 1, 20)).toMatchObject({ allowed: true, limit: 20, remaining: 11 });
  });
});
