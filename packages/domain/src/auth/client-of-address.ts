import { isIPv6 } from 'node:net';

/**
 * Who the failed-key throttle counts an address as. An IPv6 subscriber is given a whole /64 (or
 * more) and may pick any address in it (RFC 4941 privacy addresses change by themselves), so an
 * IPv6 client is its /64; an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, how a dual-stack
 * socket shows an IPv4 peer) is the IPv4 address it maps. Anything else is counted as written.
 */
export function clientOfAddress(address: string): string {
  const zoneless = address.split('%', 1)[0] ?? address;
  if (!isIPv6(zoneless)) return address;
  const groups = ipv6Groups(zoneless);
  if (isIPv4Mapped(groups)) return ipv4Of(groups[6] ?? 0, groups[7] ?? 0);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` expanded and a dotted IPv4 tail as two groups. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').flatMap(groupsOf));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function groupsOf(part: string): number[] {
  if (!part.includes('.')) return [Number.parseInt(part, 16)];
  const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
  return [a * 256 + b, c * 256 + d];
}

function isIPv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
