import ipaddr from 'ipaddr.js';

/**
 * Why an address may not be fetched, or `undefined` when it is a public unicast address.
 * The reason names the kind of address, then the address: `a loopback address (127.0.0.1)`,
 * so that "<URL> is …" and "<host> resolves to …" read as sentences.
 * Refused: loopback, private (RFC 1918, unique-local), link-local, carrier-grade NAT,
 * multicast, broadcast, unspecified and reserved ranges, in IPv4 and IPv6 — an IPv4 address
 * mapped into IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address, and the IPv6
 * ranges that embed IPv4 (6to4, Teredo, NAT64) are refused.
 */
export function blockedAddressReason(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return `"${address}", not an IP address`;
  }
  const range = parsed.range();
  return range === 'unicast' ? undefined : `a ${range} address (${parsed.toString()})`;
}

/** Whether `host` (a URL hostname) is an IP literal rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
