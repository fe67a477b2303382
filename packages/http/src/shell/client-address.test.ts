import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, clientAddress, parseTrustedProxies, type TrustedProxies } from './client-address.js';

describe('canonicalAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:4711', '203.0.113.7'],
    ['[2001:db8::1]:4711', '2001:db8::1'],
    ['[2001:DB8:0:0::1]', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['[::ffff:cb00:7107]:80', '203.0.113.7'],
  ])('writes %j as %j', (text, address) => {
    expect(canonicalAddress(text)).toBe(address);
  });

  it.each([
    '203.000.113.7',
    '0203.0.113.7',
    '203.0.113.07',
    '::ffff:203.0.113.07',
    '203.0.113',
    '3405803783',
    '0xcb.0.113.7',
    'unknown',
    '',
    '2001:db8::1:4711:1:2:3:4',
  ])('refuses %j', (text) => {
    expect(canonicalAddress(text)).toBeUndefined();
  });
});

const request = (peer: string, forwarded?: string): IncomingMessage =>
  ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;
const trust = (text: string): TrustedProxies => parseTrustedProxies(text) ?? { hops: -1 };

describe('clientAddress', () => {
  it('believes no X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress(request('::ffff:10.0.0.1', '203.0.113.7'), trust('false'))).toBe('10.0.0.1');
  });

  it("names the peer of each request a kept-alive connection carries as it named the first's, each connection its own", () => {
    const connection = { remoteAddress: '::ffff:10.0.0.1' };
    const onConnection = (forwarded?: string): IncomingMessage =>
      ({ socket: connection, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;
    const answers = [onConnection(), onConnection('203.0.113.7'), onConnection('spoofed, 198.51.100.1')].map((req) =>
      clientAddress(req, trust('false')),
    );
    expect(answers).toEqual(['10.0.0.1', '10.0.0.1', '10.0.0.1']);
    expect(clientAddress(onConnection('203.0.113.7'), trust('true')), 'the forwarded client, when a proxy is trusted').toBe('203.0.113.7');
    expect(clientAddress(request('::ffff:10.0.0.2'), trust('false')), 'another connection').toBe('10.0.0.2');
  });

  it('takes the entry as many hops from the right as there are trusted proxies', () => {
    const forwarded = 'spoofed, 198.51.100.1, 203.0.113.7';
    expect(clientAddress(request('10.0.0.1', forwarded), trust('true'))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', forwarded), trust('2'))).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.1', '203.0.113.7'), trust('3')), 'fewer entries than hops: the leftmost').toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1'), trust('1')), 'no header: the peer').toBe('10.0.0.1');
  });

  it('counts an entry that is not an address as the peer, so nonsense buys no fresh allowance', () => {
    for (const entry of ['010.0.0.7', 'unknown', '', '203.0.113.7:port']) {
      expect(clientAddress(request('10.0.0.1', `1.2.3.4, ${entry}`), trust('1')), entry).toBe('10.0.0.1');
    }
  });

  it('walks from the right past the trusted proxies by address, stopping at the first other one', () => {
    const trusted = trust('10.0.0.0/8, 2001:db8:ffff::/48');
    expect(clientAddress(request('10.0.0.1', 'spoofed, 203.0.113.7, 2001:db8:ffff::9, 10.1.2.3'), trusted)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', '[2001:db8::5]:1234, 10.9.9.9:80'), trusted), 'ports and brackets dropped').toBe('2001:db8::5');
    expect(clientAddress(request('198.51.100.9', '203.0.113.7'), trusted), 'an untrusted peer is the client').toBe('198.51.100.9');
    expect(clientAddress(request('10.0.0.1', '10.0.0.2, 10.0.0.3'), trusted), 'all trusted: the leftmost').toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.1', 'bad, 10.0.0.3'), trusted), 'nonsense: the peer').toBe('10.0.0.1');
  });
});
