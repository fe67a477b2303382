import { describe, expect, it } from 'vitest';
import { csrfCheck } from './csrf.js';

type Request = Parameters<ReturnType<typeof csrfCheck>>[0];

/** What the check reads of a request, as its exchange gives it: the method, and each header by its lower-case name. */
const request = (method: string, headers: Record<string, string>): Request => {
  const sent: Record<string, string> = { host: 'localhost:3000', ...headers };
  return { method, header: (name) => sent[name] };
};
const JSON_TYPE = { 'content-type': 'application/json' };

/** Whether the check lets the request through. */
const passes = (check: ReturnType<typeof csrfCheck>, req: Request, carriesSession: boolean): boolean => {
  try {
    check(req, carriesSession);
    return true;
  } catch {
    return false;
  }
};

describe('csrfCheck', () => {
  const configured = csrfCheck('https://petstore.example');
  const unconfigured = csrfCheck('');

  it('lets a change with the session cookie through only from the public origin, as JSON', () => {
    expect(passes(configured, request('POST', { origin: 'https://petstore.example', ...JSON_TYPE }), true)).toBe(true);
    expect(passes(configured, request('POST', { ...JSON_TYPE }), true)).toBe(false);
    expect(passes(configured, request('POST', { origin: 'https://evil.example', ...JSON_TYPE }), true)).toBe(false);
    expect(passes(configured, request('POST', { origin: 'http://petstore.example', ...JSON_TYPE }), true)).toBe(false);
    expect(passes(configured, request('POST', { origin: 'null', ...JSON_TYPE }), true)).toBe(false);
    expect(passes(configured, request('DELETE', { origin: 'https://petstore.example', 'content-type': 'text/plain' }), true)).toBe(false);
  });

  it('takes Sec-Fetch-Site: same-origin where the browser sent no Origin, and nothing else in its place', () => {
    expect(passes(configured, request('POST', { 'sec-fetch-site': 'same-origin', ...JSON_TYPE }), true)).toBe(true);
    expect(passes(configured, request('POST', { 'sec-fetch-site': 'same-site', ...JSON_TYPE }), true)).toBe(false);
    expect(passes(configured, request('POST', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example', ...JSON_TYPE }), true)).toBe(false);
  });

  it("takes the request's own Host over http as the origin when PUBLIC_BASE_URL is not set", () => {
    expect(passes(unconfigured, request('POST', { origin: 'http://localhost:3000', ...JSON_TYPE }), true)).toBe(true);
    expect(passes(unconfigured, request('POST', { origin: 'http://localhost:3001', ...JSON_TYPE }), true)).toBe(false);
  });

  it('lets a request without the cookie through without an Origin (curl), and refuses one from another origin', () => {
    expect(passes(configured, request('POST', {}), false)).toBe(true);
    expect(passes(configured, request('POST', { origin: 'https://evil.example' }), false)).toBe(false);
    expect(passes(configured, request('POST', { origin: 'https://petstore.example' }), false)).toBe(true);
  });

  it('never checks a request that changes nothing', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(passes(configured, request(method, { origin: 'https://evil.example' }), true)).toBe(true);
  });
});
