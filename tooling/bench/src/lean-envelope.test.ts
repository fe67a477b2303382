import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leanEnvelope } from './lean-envelope.js';

const envelope = () => leanEnvelope({ apiKey: 'psk_key', budget: { limit: 2, windowSeconds: 10 }, logger: pino({ enabled: false }) });

describe('leanEnvelope', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits the one key it knows, whatever the case of the scheme, and refuses any other with 401', () => {
    const lean = envelope();
    expect(lean.admit('Bearer psk_key').refusal).toBeUndefined();
    expect(lean.admit('bearer psk_key').refusal).toBeUndefined();
    for (const authorization of [undefined, 'Bearer psk_other', 'Basic psk_key', 'Bearer psk_key extra']) {
      const refused = lean.admit(authorization);
      expect(refused.refusal?.status, String(authorization)).toBe(401);
      expect(refused.headers).toMatchObject({ 'WWW-Authenticate': 'Bearer', 'X-Content-Type-Options': 'nosniff' });
      expect(refused.headers).not.toHaveProperty('RateLimit');
    }
  });

  it('counts each key in a fixed window, refuses with 429 beyond the limit and starts again when the window ends', () => {
    vi.useFakeTimers({ now: 0 });
    const lean = envelope();
    expect(lean.admit('Bearer psk_key').headers).toMatchObject({
      'RateLimit-Remaining': '1',
      'RateLimit-Reset': '10',
      RateLimit: '"per-key";r=1;t=10',
    });
    vi.advanceTimersByTime(4_500);
    expect(lean.admit('Bearer psk_key').headers).toMatchObject({ 'RateLimit-Remaining': '0', 'RateLimit-Reset': '6' });
    const spent = lean.admit('Bearer psk_key');
    expect(spent.refusal?.status).toBe(429);
    expect(spent.headers).toMatchObject({ 'Retry-After': '6', 'RateLimit-Policy': '"per-key";q=2;w=10' });
    vi.advanceTimersByTime(5_500);
    expect(lean.admit('Bearer psk_key')).toMatchObject({ headers: { 'RateLimit-Remaining': '1' } });
  });

  it('gives every request an id of its own, sent back in X-Request-Id', () => {
    const lean = envelope();
    const [first, second] = [lean.admit('Bearer psk_key'), lean.admit(undefined)];
    expect(first.headers['X-Request-Id']).toBe(first.requestId);
    expect(second.requestId).not.toBe(first.requestId);
  });
});
