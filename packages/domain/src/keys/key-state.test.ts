import { describe, expect, it } from 'vitest';
import { EXPIRING_WITHIN_MS, isLive, keyState } from './key-state.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const key = (instants: Partial<Parameters<typeof keyState>[0]> = {}) => ({
  revokedAt: null,
  expiresAt: null,
  replacedBy: null,
  overlapEndsAt: null,
  ...instants,
});

describe('keyState', () => {
  it.each([
    ['never expires', key(), 'active', null],
    ['expires in more than 7 days', key({ expiresAt: at(EXPIRING_WITHIN_MS + 1) }), 'active', null],
    ['expires in exactly 7 days', key({ expiresAt: at(EXPIRING_WITHIN_MS) }), 'expiring', at(EXPIRING_WITHIN_MS)],
    ['expires in a minute', key({ expiresAt: at(60_000) }), 'expiring', at(60_000)],
    ['expires in a millisecond', key({ expiresAt: at(1) }), 'expiring', at(1)],
    ['expires now', key({ expiresAt: NOW }), 'expired', null],
    ['expired an hour ago', key({ expiresAt: at(-HOUR) }), 'expired', null],
    ['rolled, overlap ending in an hour', key({ replacedBy: 'key_new', overlapEndsAt: at(HOUR) }), 'rolled', at(HOUR)],
    ['rolled, overlap ending in 30 days', key({ replacedBy: 'key_new', overlapEndsAt: at(30 * DAY) }), 'rolled', at(30 * DAY)],
    ['rolled, overlap ending now', key({ replacedBy: 'key_new', overlapEndsAt: NOW }), 'expired', null],
    ['rolled, overlap ended', key({ replacedBy: 'key_new', overlapEndsAt: at(-1) }), 'expired', null],
    ['rolled, expiring before its overlap ends', key({ replacedBy: 'key_new', overlapEndsAt: at(DAY), expiresAt: at(HOUR) }), 'rolled', at(HOUR)],
    ['rolled, expiring after its overlap ends', key({ replacedBy: 'key_new', overlapEndsAt: at(HOUR), expiresAt: at(DAY) }), 'rolled', at(HOUR)],
    ['rolled, expired during its overlap', key({ replacedBy: 'key_new', overlapEndsAt: at(DAY), expiresAt: at(-1) }), 'expired', null],
    ['rolled before overlaps were kept', key({ replacedBy: 'key_new' }), 'rolled', null],
    ['revoked', key({ revokedAt: at(-HOUR) }), 'revoked', null],
    ['revoked and expired', key({ revokedAt: at(-DAY), expiresAt: at(-HOUR) }), 'revoked', null],
    ['revoked while expiring', key({ revokedAt: at(-1), expiresAt: at(HOUR) }), 'revoked', null],
    ['revoked during its overlap', key({ revokedAt: at(-1), replacedBy: 'key_new', overlapEndsAt: at(HOUR) }), 'revoked', null],
    ['revoked after its overlap ended', key({ revokedAt: at(-1), replacedBy: 'key_new', overlapEndsAt: at(-HOUR) }), 'revoked', null],
  ])('a key that %s is %s', (_, instants, state, until) => {
    expect(keyState(instants, NOW)).toEqual({ state, until });
  });

  it('moves a key from active to expiring to expired as time passes', () => {
    const expiring = key({ expiresAt: at(10 * DAY) });
    expect(keyState(expiring, NOW).state).toBe('active');
    expect(keyState(expiring, at(3 * DAY - 1)).state).toBe('active');
    expect(keyState(expiring, at(3 * DAY)).state).toBe('expiring');
    expect(keyState(expiring, at(10 * DAY - 1)).state).toBe('expiring');
    expect(keyState(expiring, at(10 * DAY)).state).toBe('expired');
  });
});

describe('isLive', () => {
  it('counts active, expiring and rolled keys, not revoked nor expired ones', () => {
    expect(isLive(key(), NOW)).toBe(true);
    expect(isLive(key({ expiresAt: at(HOUR) }), NOW)).toBe(true);
    expect(isLive(key({ replacedBy: 'key_new', overlapEndsAt: at(HOUR) }), NOW)).toBe(true);
    expect(isLive(key({ expiresAt: at(-1) }), NOW)).toBe(false);
    expect(isLive(key({ replacedBy: 'key_new', overlapEndsAt: at(-1) }), NOW)).toBe(false);
    expect(isLive(key({ revokedAt: at(-1) }), NOW)).toBe(false);
  });
});
