import { describe, expect, it } from 'vitest';
import { cookieValue, sessionCookie } from './session-cookie.js';

describe('sessionCookie', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const inTwelveHours = new Date('2026-06-01T12:00:00Z');

  it('over http is HttpOnly, SameSite=Lax and Path=/, kept until the session ends', () => {
    const cookie = sessionCookie('');
    expect(cookie.issue('tok', inTwelveHours, now)).toBe('petstore_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200');
    expect(cookie.clear).toBe('petstore_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    expect(sessionCookie('http://petstore.example').name).toBe('petstore_session');
  });

  it('over https is also Secure and named with the __Host- prefix', () => {
    const cookie = sessionCookie('https://petstore.example');
    expect(cookie.issue('tok', inTwelveHours, now)).toBe('__Host-petstore_session=tok; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=43200');
    expect(cookie.clear).toBe('__Host-petstore_session=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0');
  });

  it('reads its own token among other cookies, and not a cookie whose name only ends like it', () => {
    const cookie = sessionCookie('https://petstore.example');
    expect(cookie.tokenOf('theme=dark; __Host-petstore_session=abc; lang=en')).toBe('abc');
    expect(cookie.tokenOf('petstore_session=abc')).toBeUndefined();
    expect(sessionCookie('').tokenOf('x__Host-petstore_session=abc; petstore_session=def')).toBe('def');
    expect(cookie.tokenOf(undefined)).toBeUndefined();
  });
});

describe('cookieValue', () => {
  it('takes the first cookie of the name, trimmed, and counts an empty value as none', () => {
    expect(cookieValue('a=1; b=2; a=3', 'a')).toBe('1');
    expect(cookieValue(' b = 2 ', 'b')).toBe('2');
    expect(cookieValue('a=; b=2', 'a')).toBeUndefined();
    expect(cookieValue('novalue; b=2', 'novalue')).toBeUndefined();
  });
});
