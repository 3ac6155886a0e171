/**
 * The key a client IP is counted under: an IPv4 address as it is; an IPv6 address by its
 * /56 network (one household or small site: an IPv6 client holds many addresses, and
 * counting each alone would let it step around a limit), written `2001:db8:ab00::/56`; an
 * IPv4 address inside IPv6 (`::ffff:192.0.2.1`, or `::192.0.2.1` in dotted form) as the
 * IPv4 address. The same keys express-rate-limit's `ipKeyGenerator` made, so counts kept
 * in Redis before carry on.
 */
import { isIPv6 } from 'node:net';

/** Bits of an IPv6 address that name its network, for counting. */
const IPV6_SUBNET_BITS = 56;

/** The eight 16-bit groups of a valid IPv6 address (a zone, `%eth0`, is left out). */
function groupsOf(ip: string): number[] {
  // The URL parser reads every IPv6 notation (embedded IPv4 too) and writes it in hex.
  const host = new URL(`http://[${ip.split('%')[0]}]`).hostname.slice(1, -1);
  const [head = '', tail] = host.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/** See the file's comment: the key `ip` is counted under. */
export function ipCountKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = groupsOf(ip);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const embedsIpv4 =
    a === 0 &&
    b === 0 &&
    c === 0 &&
    d === 0 &&
    e === 0 &&
    (f === 0xffff || (f === 0 && /\.\d+$/.test(ip.split('%')[0] ?? '')));
  if (embedsIpv4) return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  const kept = IPV6_SUBNET_BITS;
  const network = groups.map((group, index) => {
    const bits = Math.min(16, Math.max(0, kept - index * 16));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  const written = new URL(`http://[${network.map((group) => group.toString(16)).join(':')}]`);
  return `${written.hostname.slice(1, -1)}/${kept}`;
}
