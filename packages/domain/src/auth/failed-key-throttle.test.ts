import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { FailedKeyThrottle, type PendingKeyCheck } from './failed-key-throttle.js';

/** The check admitted, or the test fails saying it was refused. */
const admitted = (throttle: FailedKeyThrottle, address: string, keyHash = `hash-${Math.random()}`): PendingKeyCheck => {
  const admission = throttle.admit(address, keyHash);
  if (!admission.admitted) throw new Error(`refused for ${admission.retryAfterSeconds} s`);
  return admission.check;
};
const waitFor = (throttle: FailedKeyThrottle, address: string, keyHash = 'another key'): number => {
  const admission = throttle.admit(address, keyHash);
  if (admission.admitted) admission.check.release();
  return admission.admitted ? 0 : admission.retryAfterSeconds;
};
const failTimes = (throttle: FailedKeyThrottle, address: string, times: number) => {
  for (let n = 0; n < times; n += 1) admitted(throttle, address).failed();
};

describe('FailedKeyThrottle', () => {
  it('holds an address back for the rest of the clock minute once it used its allowance', () => {
    const { clock, advance } = movableClock('2026-01-01T00:00:45Z');
    const throttle = new FailedKeyThrottle({ perMinute: 2, maxAddresses: 10, clock });
    failTimes(throttle, 'a', 1);
    expect(waitFor(throttle, 'a')).toBe(0);
    failTimes(throttle, 'a', 1);
    expect(waitFor(throttle, 'a')).toBe(15);
    expect(waitFor(throttle, 'b')).toBe(0);
    advance(15_000);
    expect(waitFor(throttle, 'a')).toBe(0);
    failTimes(throttle, 'a', 1);
    expect(waitFor(throttle, 'a'), 'counted afresh in the new minute').toBe(0);
  });

  it('counts a check under way against the allowance, before anyone knows whether its key is good', () => {
    const { clock } = movableClock('2026-01-01T00:00:10Z');
    const throttle = new FailedKeyThrottle({ perMinute: 3, maxAddresses: 10, clock });
    const checks = [admitted(throttle, 'a'), admitted(throttle, 'a'), admitted(throttle, 'a')];
    expect(waitFor(throttle, 'a'), 'three guesses under way fill the allowance').toBe(50);
    for (const check of checks) check.failed();
    expect(waitFor(throttle, 'a')).toBe(50);
  });

  it('gives the place back when the key turns out good, or its lookup gives no answer', () => {
    const { clock } = movableClock('2026-01-01T00:00:10Z');
    const throttle = new FailedKeyThrottle({ perMinute: 2, maxAddresses: 10, clock });
    const good = admitted(throttle, 'a');
    const unanswered = admitted(throttle, 'a');
    expect(waitFor(throttle, 'a')).toBe(50);
    good.release();
    unanswered.release();
    unanswered.failed(); // a check settles once: a second word on it changes nothing
    failTimes(throttle, 'a', 1);
    expect(waitFor(throttle, 'a'), 'one failure of two').toBe(0);
  });

  it('lets concurrent checks of one key from one client share one place, and counts each that fails', () => {
    const { clock } = movableClock('2026-01-01T00:00:10Z');
    const throttle = new FailedKeyThrottle({ perMinute: 3, maxAddresses: 10, clock });
    const blocker = [admitted(throttle, 'a'), admitted(throttle, 'a')];
    const same = Array.from({ length: 10 }, () => admitted(throttle, 'a', 'one key'));
    expect(waitFor(throttle, 'a'), 'two guesses and one key under way').toBe(50);
    for (const check of same) check.release();
    expect(waitFor(throttle, 'a'), 'the key was good: its place is free again').toBe(0);
    for (const check of blocker) check.release();
    const failing = Array.from({ length: 3 }, () => admitted(throttle, 'a', 'bad key'));
    for (const check of failing) check.failed();
    expect(waitFor(throttle, 'a'), 'three failed checks, whether they shared a lookup or not').toBe(50);
  });

  it('counts the addresses of one IPv6 /64 as one client', () => {
    const { clock } = movableClock('2026-01-01T00:00:10Z');
    const throttle = new FailedKeyThrottle({ perMinute: 2, maxAddresses: 10, clock });
    failTimes(throttle, '2001:db8::1', 1);
    failTimes(throttle, '2001:db8::ffff:2', 1);
    expect(waitFor(throttle, '2001:db8:0:0:1:2:3:4')).toBe(50);
    expect(waitFor(throttle, '2001:db8:0:1::1')).toBe(0);
  });

  it('remembers at most maxAddresses, forgetting the one counted earliest first', () => {
    const { clock } = movableClock('2026-01-01T00:00:00Z');
    const throttle = new FailedKeyThrottle({ perMinute: 1, maxAddresses: 2, clock });
    for (const address of ['a', 'b', 'c']) failTimes(throttle, address, 1);
    expect(['a', 'b', 'c'].map((address) => waitFor(throttle, address) > 0)).toEqual([false, true, true]);
  });
});
