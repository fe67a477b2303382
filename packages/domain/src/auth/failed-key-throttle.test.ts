import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { FailedKeyThrottle, type PendingKeyCheck } from './failed-key-throttle.js';

const throttleOf = (perMinute: number, start = '2026-01-01T00:00:10Z', maxAddresses = 10) => {
  const { clock, advance } = movableClock(start);
  return { throttle: new FailedKeyThrottle({ perMinute, maxAddresses, maxRealKeys: 2, clock }), advance };
};

/** The check admitted, or the test fails saying it was refused. */
const admitted = (throttle: FailedKeyThrottle, address: string, keyHash = `hash-${Math.random()}`): PendingKeyCheck => {
  const admission = throttle.admit(address, keyHash);
  if (!admission.admitted) throw new Error(`refused for ${admission.retryAfterSeconds} s`);
  return admission.check;
};
/** 0 when a check of a made-up key would be looked up now (and it is, failing), else the seconds to wait. */
const waitFor = (throttle: FailedKeyThrottle, address: string, keyHash = `made-up-${Math.random()}`): number => {
  const admission = throttle.admit(address, keyHash);
  if (admission.admitted) admission.check.failed();
  return admission.admitted ? 0 : admission.retryAfterSeconds;
};
const failTimes = (throttle: FailedKeyThrottle, address: string, times: number) => {
  for (let n = 0; n < times; n += 1) admitted(throttle, address).failed();
};

describe('FailedKeyThrottle', () => {
  it('past the allowance of made-up keys, looks up one more every 5 s and refuses the rest until then', () => {
    const { throttle, advance } = throttleOf(2, '2026-01-01T00:00:47Z');
    failTimes(throttle, 'a', 2);
    expect(waitFor(throttle, 'a'), 'the first probe').toBe(0);
    expect(waitFor(throttle, 'a')).toBe(5);
    expect(waitFor(throttle, 'b'), 'another client').toBe(0);
    advance(3_000);
    expect(waitFor(throttle, 'a')).toBe(2);
    advance(2_000);
    expect(waitFor(throttle, 'a'), 'the next probe').toBe(0);
    advance(5_000);
    expect(waitFor(throttle, 'a'), 'the one after').toBe(0);
    expect(waitFor(throttle, 'a'), 'never past the end of the minute').toBe(3);
    advance(3_000);
    failTimes(throttle, 'a', 1);
    expect(waitFor(throttle, 'a'), 'counted afresh in the new minute').toBe(0);
  });

  it('lets a real key through from a client past its allowance, once it was found, whatever the client sends after', () => {
    const { throttle } = throttleOf(2);
    admitted(throttle, 'a', 'real key').found();
    failTimes(throttle, 'a', 2);
    expect(waitFor(throttle, 'a')).toBe(0);
    expect(waitFor(throttle, 'a')).toBeGreaterThan(0);
    for (let n = 0; n < 100; n += 1) admitted(throttle, 'a', 'real key').found();
    expect(waitFor(throttle, 'a'), 'real keys change nothing in the count').toBeGreaterThan(0);
  });

  it('remembers at most maxRealKeys real keys, forgetting the least recently seen', () => {
    const { throttle } = throttleOf(1);
    for (const key of ['k1', 'k2', 'k1', 'k3']) admitted(throttle, 'elsewhere', key).found();
    failTimes(throttle, 'a', 1);
    admitted(throttle, 'a').failed(); // the probe
    expect(['k1', 'k2', 'k3'].map((key) => throttle.admit('a', key).admitted)).toEqual([true, false, true]);
  });

  it('does not count a real key as a guess even when the store refuses it (expired, rolled, revoked)', () => {
    const { throttle } = throttleOf(2);
    for (let n = 0; n < 10; n += 1) admitted(throttle, 'a', `expired-${n}`).found();
    expect(waitFor(throttle, 'a')).toBe(0);
    expect(waitFor(throttle, 'a')).toBe(0);
  });

  it('counts a check under way against the allowance, before anyone knows whether its key is real', () => {
    const { throttle } = throttleOf(3);
    const checks = [admitted(throttle, 'a'), admitted(throttle, 'a'), admitted(throttle, 'a')];
    expect(throttle.admit('a', 'another').admitted, 'three guesses under way fill the allowance; no failure yet, no probe').toBe(false);
    for (const check of checks) check.failed();
    expect(waitFor(throttle, 'a'), 'the probe').toBe(0);
    expect(waitFor(throttle, 'a')).toBe(5);
  });

  it('gives the place back when the key turns out real, or its lookup gives no answer', () => {
    const { throttle } = throttleOf(2);
    const real = admitted(throttle, 'a');
    const unanswered = admitted(throttle, 'a');
    expect(throttle.admit('a', 'third').admitted).toBe(false);
    real.found();
    unanswered.release();
    unanswered.failed(); // a check settles once: a second word on it changes nothing
    failTimes(throttle, 'a', 1);
    failTimes(throttle, 'a', 1);
    expect(waitFor(throttle, 'a'), 'two failures of four checks: the probe').toBe(0);
  });

  it('lets concurrent checks of one key from one client share one place, and counts each that fails', () => {
    const { throttle } = throttleOf(3);
    const blocker = [admitted(throttle, 'a'), admitted(throttle, 'a')];
    const same = Array.from({ length: 10 }, () => admitted(throttle, 'a', 'one key'));
    expect(throttle.admit('a', 'another').admitted, 'two guesses and one key under way').toBe(false);
    for (const check of same) check.found();
    for (const check of blocker) check.release();
    const failing = Array.from({ length: 3 }, () => admitted(throttle, 'a', 'bad key'));
    for (const check of failing) check.failed();
    expect(waitFor(throttle, 'a'), 'three failed checks: the probe').toBe(0);
    expect(waitFor(throttle, 'a')).toBe(5);
  });

  it('counts the addresses of one IPv6 /64 as one client', () => {
    const { throttle } = throttleOf(2);
    failTimes(throttle, '2001:db8::1', 1);
    failTimes(throttle, '2001:db8::ffff:2', 1);
    expect(waitFor(throttle, '2001:db8:0:0:1:2:3:4')).toBe(0);
    expect(waitFor(throttle, '2001:db8::')).toBe(5);
    expect(waitFor(throttle, '2001:db8:0:1::1')).toBe(0);
  });

  it('remembers at most maxAddresses, forgetting the one counted earliest first', () => {
    const { throttle } = throttleOf(1, '2026-01-01T00:00:00Z', 2);
    for (const address of ['a', 'b', 'c']) failTimes(throttle, address, 2);
    expect(['a', 'b', 'c'].map((address) => throttle.admit(address, 'made-up').admitted)).toEqual([true, false, false]);
  });
});
