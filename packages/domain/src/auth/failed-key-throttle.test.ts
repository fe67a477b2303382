import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { FailedKeyThrottle } from './failed-key-throttle.js';

describe('FailedKeyThrottle', () => {
  const failTimes = (throttle: FailedKeyThrottle, address: string, times: number) => {
    for (let n = 0; n < times; n += 1) throttle.recordFailure(address);
  };

  it('holds an address back for the rest of the clock minute once it used its allowance', () => {
    const { clock, advance } = movableClock('2026-01-01T00:00:45Z');
    const throttle = new FailedKeyThrottle({ perMinute: 2, maxAddresses: 10, clock });
    failTimes(throttle, 'a', 1);
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    failTimes(throttle, 'a', 1);
    expect(throttle.retryAfterSeconds('a')).toBe(15);
    expect(throttle.retryAfterSeconds('b')).toBe(0);
    advance(15_000);
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    failTimes(throttle, 'a', 1);
    expect(throttle.retryAfterSeconds('a'), 'counted afresh in the new minute').toBe(0);
  });

  it('remembers at most maxAddresses, forgetting the one counted earliest first', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const throttle = new FailedKeyThrottle({ perMinute: 1, maxAddresses: 2, clock });
    for (const address of ['a', 'b', 'c']) failTimes(throttle, address, 1);
    expect(['a', 'b', 'c'].map((address) => throttle.retryAfterSeconds(address) > 0)).toEqual([false, true, true]);
  });
});
