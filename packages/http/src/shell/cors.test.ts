import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../exchange/exchange.js';
import { corsPolicy } from './cors.js';

const request = (headers: Record<string, string>, method = 'GET') => ({ method, headers }) as unknown as IncomingMessage;
const preflight = (origin: string) =>
  request({ origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' }, 'OPTIONS');
/** What the shell's exchange tells the late decision: the request's headers and the kind of key its check met. */
const exchangeOf = (req: IncomingMessage, keyKind: 'secret' | 'browser' | undefined) =>
  ({ header: (name: string) => req.headers[name], keyKind }) as unknown as Exchange;
const header = (list: ReadonlyArray<string | number>, name: string) => {
  const at = list.findIndex((item, index) => index % 2 === 0 && String(item).toLowerCase() === name.toLowerCase());
  return at === -1 ? undefined : list[at + 1];
};

const policy = corsPolicy({ origins: ['https://listed.example'], browserKeyDoors: ['/v1', '/graphql', '/trpc'], sameOriginOnly: ['/manage'] });

describe('corsPolicy', () => {
  it('answers a preflight to a pet door from any origin, allowing the doors’ methods and headers, without a key', () => {
    for (const path of ['/v1/pets', '/graphql', '/trpc/pets.list']) {
      const decision = policy.decide(preflight('https://shop.example'), path);
      expect(header(decision.headers, 'Access-Control-Allow-Origin'), path).toBe('https://shop.example');
      expect(header(decision.headers, 'Vary'), path).toBe('Origin');
      expect(header(decision.preflight ?? [], 'Access-Control-Allow-Methods'), path).toBe('GET, POST, OPTIONS');
      expect(String(header(decision.preflight ?? [], 'Access-Control-Allow-Headers')), path).toMatch(
        /^Authorization, Content-Type, .*apollo-require-preflight/,
      );
    }
  });

  it('lets a page read a pet door’s answer when the key is a browser key, and hides it for a secret key or no key', () => {
    const req = request({ origin: 'https://shop.example' });
    const decision = policy.decide(req, '/graphql');
    expect(decision.preflight).toBeUndefined();
    expect(header(decision.headers, 'Access-Control-Allow-Origin')).toBeUndefined();
    expect(header(decision.headers, 'Vary')).toBe('Origin');
    const byKey = decision.byKey ?? (() => []);
    expect(header(byKey(exchangeOf(req, 'browser')), 'Access-Control-Allow-Origin')).toBe('https://shop.example');
    expect(String(header(byKey(exchangeOf(req, 'browser')), 'Access-Control-Expose-Headers'))).toContain('Retry-After');
    expect(byKey(exchangeOf(req, 'secret'))).toEqual([]);
    expect(byKey(exchangeOf(req, undefined))).toEqual([]);
  });

  it('keeps PETSTORE_CORS_ORIGINS for any key, on the pet doors and elsewhere', () => {
    for (const path of ['/v1/pets', '/healthz', '/nowhere']) {
      const decision = policy.decide(request({ origin: 'https://listed.example' }), path);
      expect(header(decision.headers, 'Access-Control-Allow-Origin'), path).toBe('https://listed.example');
      expect(decision.byKey, path).toBeUndefined();
    }
    expect(policy.decide(request({ origin: 'https://shop.example' }), '/healthz')).toMatchObject({ headers: ['Vary', 'Origin'], byKey: undefined });
    expect(policy.decide(preflight('https://shop.example'), '/healthz').preflight, 'no open preflight off the pet doors').toBeUndefined();
  });

  it('opens nothing at the management API, not even to a listed origin', () => {
    for (const req of [request({ origin: 'https://listed.example' }), preflight('https://listed.example'), preflight('https://shop.example')]) {
      expect(policy.decide(req, '/manage/v1/keys')).toEqual({ headers: [], preflight: undefined, byKey: undefined });
    }
  });

  it('echoes no origin that is not one as browsers send it, nor any on a request without one', () => {
    for (const origin of ['null', 'https://shop.example/path', `https://${'a'.repeat(300)}.example`, 'javascript:alert(1)']) {
      const decision = policy.decide(preflight(origin), '/v1/pets');
      expect(decision, origin).toMatchObject({ headers: ['Vary', 'Origin'], preflight: undefined, byKey: undefined });
    }
    expect(policy.decide(request({}), '/v1/pets')).toMatchObject({ headers: ['Vary', 'Origin'], preflight: undefined, byKey: undefined });
  });

  it('is off off the pet doors when no origin is listed, as before browser keys', () => {
    const none = corsPolicy({ origins: [] });
    expect(none.decide(preflight('https://shop.example'), '/v1/pets')).toEqual({ headers: [], preflight: undefined, byKey: undefined });
  });
});
