import { describe, expect, it } from 'vitest';
import { clientOfAddress } from './client-of-address.js';

describe('clientOfAddress', () => {
  it.each([
    ['2001:db8:a:b:c:d:e:f', '2001:db8:a:b::/64'],
    ['2001:0DB8:000A:000B::1', '2001:db8:a:b::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8:a:b::1.2.3.4', '2001:db8:a:b::/64'],
    ['::', '0:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
  ])('counts the IPv6 address %s as its /64 %s', (address, client) => {
    expect(clientOfAddress(address)).toBe(client);
  });

  it.each([
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
  ])('counts the IPv4-mapped address %s as the IPv4 address %s', (address, client) => {
    expect(clientOfAddress(address)).toBe(client);
  });

  it.each(['203.0.113.7', 'not an address', '', '::ffff:1:203.0.113.7x'])('counts %j as written', (address) => {
    expect(clientOfAddress(address)).toBe(address);
  });

  it('tells the /64s next to each other apart', () => {
    expect(clientOfAddress('2001:db8:a:b::1')).not.toBe(clientOfAddress('2001:db8:a:c::1'));
    expect(clientOfAddress('::ffff:203.0.113.7')).not.toBe(clientOfAddress('::ffff:203.0.113.8'));
  });
});
