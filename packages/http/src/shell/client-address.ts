import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which proxies in front of the service are believed when they say, in X-Forwarded-For, whom they
 * forwarded for (PETSTORE_TRUST_PROXY): a number of hops, counted from the server (Express's
 * `trust proxy` with a number), or the addresses and ranges of the proxies themselves.
 */
export type TrustedProxies = { hops: number } | { ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]> };

export const TRUST_NO_PROXY: TrustedProxies = { hops: 0 };

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_AND_PORT = /^([\d.]+):\d{1,5}$/;

/**
 * The one spelling of an address as a client may write it in X-Forwarded-For, or undefined when it
 * is not an address: a port (`203.0.113.7:4711`, `[2001:db8::1]:4711`), brackets and an IPv6 zone
 * are dropped, an IPv4-mapped IPv6 address is its IPv4 address, IPv6 is written as RFC 5952 says.
 * An IPv4 octet with a leading zero is refused, not read (some read `010` as octal 8, some as 10):
 * a client must not get a fresh allowance by spelling one address several ways.
 */
export function canonicalAddress(text: string): string | undefined {
  const entry = text.trim();
  const bare = BRACKETED.exec(entry)?.[1] ?? IPV4_AND_PORT.exec(entry)?.[1] ?? entry;
  if (isIPv4(bare)) return bare; // node:net accepts four decimal octets without leading zeros only
  const zoneless = bare.split('%', 1)[0] ?? bare;
  return isIPv6(zoneless) ? ipaddr.process(zoneless).toString() : undefined;
}

/** Reads PETSTORE_TRUST_PROXY's text: true (1 hop), false (none), a number of hops, or addresses and CIDR ranges. */
export function parseTrustedProxies(text: string): TrustedProxies | undefined {
  if (text === 'true') return { hops: 1 };
  if (text === 'false') return TRUST_NO_PROXY;
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const item of text.split(',')) {
    const [head = '', bits, ...rest] = item.trim().split('/');
    const address = canonicalAddress(head);
    if (address === undefined || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return undefined;
    const parsed = ipaddr.parse(address);
    const maxBits = parsed.kind() === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? maxBits : Number(bits);
    if (prefix > maxBits) return undefined;
    ranges.push([parsed, prefix]);
  }
  return { ranges };
}

/**
 * The client's address: the peer's, or the first address X-Forwarded-For names before the trusted
 * proxies, read from the right (each proxy appends the address it received from; anything further
 * left is whatever the client chose to send). An entry there that is not an address counts as the
 * peer, so that nonsense cannot buy a fresh allowance.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies): string | undefined {
  const peerText = req.socket.remoteAddress;
  const peer = peerOf(req.socket, peerText);
  const header = req.headers['x-forwarded-for'];
  if (header === undefined || ('hops' in trusted && trusted.hops === 0)) return peer;
  const chain = [peerText ?? '', ...(Array.isArray(header) ? header.join(',') : header).split(',').reverse()];
  const index = 'hops' in trusted ? Math.min(trusted.hops, chain.length - 1) : firstUntrusted(chain, trusted.ranges);
  return index === 0 ? peer : (canonicalAddress(chain[index] ?? '') ?? peer);
}

/**
 * Each connection's peer, canonical, written once per connection rather than on each request a
 * kept-alive connection carries: a dual-stack listener sees an IPv4 client as `::ffff:a.b.c.d`,
 * and parsing that on every request was a measurable part of a small request's cost
 * (BENCHMARKS.md, "Issue 26's constraint"). A connection's peer does not change.
 */
const peers = new WeakMap<IncomingMessage['socket'], string>();

function peerOf(socket: IncomingMessage['socket'], text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let peer = peers.get(socket);
  if (peer === undefined) {
    peer = canonicalAddress(text) ?? text;
    peers.set(socket, peer);
  }
  return peer;
}

/** The index in the chain (peer first) of the first address that is not a trusted proxy, or the last one. */
function firstUntrusted(chain: readonly string[], ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>): number {
  for (let index = 0; index < chain.length - 1; index += 1) {
    const address = canonicalAddress(chain[index] ?? '');
    if (address === undefined) return index;
    const parsed = ipaddr.parse(address);
    if (!ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return index;
  }
  return chain.length - 1;
}
