import { describe, expect, it } from 'vitest';
import { sessionCookie } from './session-cookie.js';

/** A request carrying these cookies, as its exchange reads them by name (the exchange's own tests cover the Cookie header's parsing). */
const carrying = (cookies: Record<string, string>) => ({ cookie: (name: string) => (Object.hasOwn(cookies, name) ? cookies[name] : undefined) });

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
    expect(cookie.tokenOf(carrying({ theme: 'dark', '__Host-petstore_session': 'abc', lang: 'en' }))).toBe('abc');
    expect(cookie.tokenOf(carrying({ petstore_session: 'abc' }))).toBeUndefined();
    expect(sessionCookie('').tokenOf(carrying({ 'x__Host-petstore_session': 'abc', petstore_session: 'def' }))).toBe('def');
    expect(cookie.tokenOf(carrying({}))).toBeUndefined();
  });

  it('counts an empty value as no token', () => {
    expect(sessionCookie('').tokenOf(carrying({ petstore_session: '', b: '2' }))).toBeUndefined();
  });
});
