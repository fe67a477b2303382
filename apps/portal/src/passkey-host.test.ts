import { describe, expect, it } from 'vitest';
import { passkeyHost } from './passkey-host.js';

const at = (url: string) => passkeyHost(new URL(url));

describe('where a page can make and use passkeys', () => {
  it('is anywhere with a host name', () => {
    expect(at('http://localhost:3000/portal/security')).toEqual({ works: true });
    expect(at('https://petstore.example.com/portal/security')).toEqual({ works: true });
  });

  it('is not at an IP address; at a loopback address the same page at localhost is offered', () => {
    expect(at('http://127.0.0.1:3000/portal/security?x=1')).toEqual({ works: false, localhost: 'http://localhost:3000/portal/security?x=1' });
    expect(at('http://[::1]:3000/portal/sign-in')).toEqual({ works: false, localhost: 'http://localhost:3000/portal/sign-in' });
    expect(at('http://192.0.2.7:3000/portal/security')).toEqual({ works: false, localhost: undefined });
  });
});
